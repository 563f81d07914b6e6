/**
 * 用户导入 (issue 25): the template (xlsx and CSV) parsed back; every rule refusing its bad cell with SPEC 5's message
 * (or the import's own), by row and column, and a dirty file importing nothing; duplicates inside the file and
 * against existing accounts; the importer's scope (unit A's importer cannot import into unit B, can into A's
 * sub-unit); a clean xlsx creating users who sign in with their initial password and are asked to change it; a
 * 10,000-row CSV imported within a minute. Everything made here is deleted at the end.
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray, like, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { closeDb, db } from '@/lib/server/db';
import { operators, orgs, roleGrants, roles } from '@/lib/server/db/schema';
import { handleImportTemplate, handleUserImport } from '@/lib/server/http/user-import';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { needsRehash } from '@/lib/server/services/accounts/password';
import { TEMPLATE_NOTE } from '@/lib/server/services/management/user-import-file';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { MSG_NO_ORG_POWER } from '@/lib/contract/management';
import { IMPORT_COLUMNS, IMPORT_MAX_BYTES, type ImportResult, type ImportRefusal } from '@/lib/contract/user-import';
import { IMPORT_MSG } from '@/lib/validation/user-import';
import { V } from '@/lib/validation/messages';
import { SMS_MOBILE_INVALID } from '@/lib/validation/accounts';
import { accountsClient, ok } from './accounts-support';

const tag = randomBytes(3).toString('hex');
const { call, login } = accountsClient('10.0.25.77');

let orgA = 0;
let orgA1 = 0;
let orgB = 0;
let existingId = 0;
const names = { A: `导入甲单位${tag}`, A1: `导入甲一室${tag}`, B: `导入乙单位${tag}` };
const tokens: Record<'mA' | 'learner', string> = { mA: '', learner: '' };
const helpers: number[] = [];

beforeAll(async () => {
  const d = await db();
  [{ id: orgA }] = await d.insert(orgs).values({ name: names.A }).returning({ id: orgs.id });
  [{ id: orgA1 }] = await d.insert(orgs).values({ name: names.A1, parentId: orgA }).returning({ id: orgs.id });
  [{ id: orgB }] = await d.insert(orgs).values({ name: names.B }).returning({ id: orgs.id });
  const made = await d
    .insert(operators)
    .values([
      { userId: `impmgr${tag}`, name: '导入管理员', orgId: orgA, passwordHash: '!disabled' },
      { userId: `implearner${tag}`, name: '普通学员', orgId: orgA, passwordHash: '!disabled' },
      {
        userId: `impold${tag}`,
        name: '已有用户',
        orgId: orgA,
        passwordHash: '!disabled',
        email: `old${tag}@example.cn`,
        mobile: `139${parseInt(tag, 16) % 100_000_000}`.padEnd(11, '7'),
      },
    ])
    .returning({ id: operators.id });
  helpers.push(...made.map((m) => m.id));
  existingId = made[2].id;
  const [unitRole] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '单位管理员'));
  await d.insert(roleGrants).values({ operatorId: made[0].id, roleId: unitRole.id, orgId: orgA });
  tokens.mA = await createSession(made[0].id);
  tokens.learner = await createSession(made[1].id);
}, 60_000);

afterAll(async () => {
  const d = await db();
  await d.delete(operators).where(or(like(operators.userId, `%${tag}%`), inArray(operators.id, helpers)));
  await d.delete(orgs).where(inArray(orgs.id, [orgA1, orgA, orgB]));
  await closeDb();
});

const cookie = (token: string) => ({ cookie: `${TOKEN_STORAGE_KEY}=${token}` });

async function upload(token: string, body: Buffer | string, fileName = 'users.csv') {
  const form = new FormData();
  form.append(
    'file',
    new Blob([typeof body === 'string' ? Buffer.from(body, 'utf8') : new Uint8Array(body)]),
    fileName,
  );
  const res = await handleUserImport(
    new Request('http://localhost/api/manage/userImport', { method: 'POST', body: form, headers: cookie(token) }),
  );
  const lines = (await res.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { status: res.status, lines, last: lines[lines.length - 1] as { code: number; msg: string; data: unknown } };
}

/** A CSV of the template's columns (its note line first, as the template has it). */
function csv(rows: string[][]): string {
  return '\uFEFF"说明"\r\n' + IMPORT_COLUMNS.join(',') + '\r\n' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
const row = (n: string, over: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>> = {}) => {
  const base = {
    账号: `imp${tag}_${n}`,
    姓名: `导入${n}`,
    性别: '女',
    手机号: '',
    邮箱: `imp${tag}_${n}@example.cn`,
    单位: names.A,
    职级: '副县处级',
    是否党员: '是',
    ...over,
  };
  return IMPORT_COLUMNS.map((c) => base[c]);
};
const importedCount = async () =>
  Number(
    (
      (await (
        await db()
      ).execute(sql`select count(*)::int as n from operators where user_id like ${`imp${tag}\\_%`}`)) as {
        rows: { n: number }[];
      }
    ).rows[0].n,
  );

describe('the template', () => {
  it('is an xlsx with the note, the columns and the importer’s organisations only', async () => {
    const res = await handleImportTemplate(
      new Request('http://localhost/api/manage/userImport/template?format=xlsx', { headers: cookie(tokens.mA) }),
    );
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(res.headers.get('content-disposition') ?? '')).toContain('用户导入模板.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.getWorksheet('用户导入')!;
    expect(sheet.getCell('A1').value).toBe(TEMPLATE_NOTE);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
    const lists = wb.getWorksheet('单位与职级')!;
    const orgNames = lists.getColumn(1).values.slice(2);
    expect(orgNames).toEqual(expect.arrayContaining([names.A, names.A1]));
    expect(orgNames).not.toContain(names.B);
    expect(lists.getColumn(2).values.slice(2, 8)).toEqual([
      '县处级以下',
      '副县处级',
      '正县处级',
      '副局级',
      '正局级',
      '局级以上',
    ]);
  });

  it('is a CSV in UTF-8 with a BOM, the note and the header', async () => {
    const res = await handleImportTemplate(
      new Request('http://localhost/api/manage/userImport/template?format=csv', { headers: cookie(tokens.mA) }),
    );
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.split('\r\n')[1]).toBe(IMPORT_COLUMNS.join(','));
  });

  it('is refused to a user without the power', async () => {
    const res = await handleImportTemplate(
      new Request('http://localhost/api/manage/userImport/template', { headers: cookie(tokens.learner) }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 1003 });
  });
});

describe('checking the rows', () => {
  it('refuses every bad cell with its message, by row and column, and imports nothing', async () => {
    const { last } = await upload(
      tokens.mA,
      csv([
        row('ok1'), // row 3: fine, but the file is dirty, so it is not imported either
        row('r4', { 账号: '' }),
        row('r5', { 账号: 'a b' }),
        row('r6', { 姓名: '' }),
        row('r7', { 邮箱: '' }),
        row('r8', { 邮箱: 'not-an-email' }),
        row('r9', { 单位: '' }),
        row('r10', { 手机号: '12345' }),
        row('r11', { 职级: '科长' }),
        row('r12', { 是否党员: '也许' }),
        row('r13', { 性别: '未知' }),
        row('r14', { 单位: `不存在的单位${tag}` }),
        row('r15', { 单位: names.B }),
      ]),
    );
    expect(last.code).toBe(1001);
    const data = last.data as ImportRefusal;
    expect(data.errors).toEqual([
      { row: 4, column: '账号', message: IMPORT_MSG.accountRequired },
      { row: 5, column: '账号', message: IMPORT_MSG.accountRule },
      { row: 6, column: '姓名', message: V.registerNameRequired },
      { row: 7, column: '邮箱', message: V.registerEmailRequired },
      { row: 8, column: '邮箱', message: V.emailInvalid },
      { row: 9, column: '单位', message: V.registerOrgRequired },
      { row: 10, column: '手机号', message: SMS_MOBILE_INVALID },
      { row: 11, column: '职级', message: IMPORT_MSG.level },
      { row: 12, column: '是否党员', message: IMPORT_MSG.party },
      { row: 13, column: '性别', message: IMPORT_MSG.gender },
      { row: 14, column: '单位', message: IMPORT_MSG.orgUnknown },
      { row: 15, column: '单位', message: MSG_NO_ORG_POWER },
    ]);
    expect(last.msg).toBe(IMPORT_MSG.refused(12));
    expect(V.registerEmailRequired).toBe('请填写邮箱');
    expect(V.emailInvalid).toBe('请输入正确的邮箱');
    expect(await importedCount()).toBe(0);
  });

  it('refuses duplicates inside the file and against existing accounts', async () => {
    const [old] = await (
      await db()
    )
      .select({ email: operators.email, mobile: operators.mobile, userId: operators.userId })
      .from(operators)
      .where(eq(operators.id, existingId));
    const { last } = await upload(
      tokens.mA,
      csv([
        row('d1', { 手机号: '13911112222' }),
        row('d2', { 账号: `IMP${tag}_d1`, 邮箱: `imp${tag}_d1@example.cn`, 手机号: '139 1111 2222' }),
        row('d3', { 账号: old.userId }),
        row('d4', { 邮箱: old.email! }),
        row('d5', { 手机号: old.mobile! }),
        row('d6', { 账号: old.email! }),
      ]),
    );
    expect((last.data as ImportRefusal).errors).toEqual([
      { row: 4, column: '账号', message: IMPORT_MSG.duplicateInFile('账号', 3) },
      { row: 4, column: '手机号', message: IMPORT_MSG.duplicateInFile('手机号', 3) },
      { row: 4, column: '邮箱', message: IMPORT_MSG.duplicateInFile('邮箱', 3) },
      { row: 5, column: '账号', message: IMPORT_MSG.accountTaken },
      { row: 6, column: '邮箱', message: IMPORT_MSG.emailTaken },
      { row: 7, column: '手机号', message: IMPORT_MSG.mobileTaken },
      { row: 8, column: '账号', message: IMPORT_MSG.accountTaken },
    ]);
    expect(await importedCount()).toBe(0);
  });

  it('refuses a file that is not a spreadsheet, one without the header, and one too large', async () => {
    expect((await upload(tokens.mA, Buffer.from([0, 1, 2, 3]))).last).toMatchObject({
      code: 1001,
      data: { errors: [{ column: '文件', message: IMPORT_MSG.unreadable }] },
    });
    expect((await upload(tokens.mA, 'a,b\r\n1,2\r\n')).last).toMatchObject({
      data: { errors: [{ row: 1, column: '文件', message: IMPORT_MSG.noHeader }] },
    });
    expect((await upload(tokens.mA, '账号,姓名\r\nx1,张三\r\n')).last).toMatchObject({
      data: {
        errors: [
          { row: 1, column: '邮箱', message: IMPORT_MSG.missingColumn('邮箱') },
          { row: 1, column: '单位', message: IMPORT_MSG.missingColumn('单位') },
        ],
      },
    });
    const big = await upload(tokens.mA, Buffer.alloc(IMPORT_MAX_BYTES + 1024 * 1024, 'a'));
    expect(big.status).toBe(413);
    expect(big.last).toMatchObject({ code: 1013, msg: IMPORT_MSG.tooLarge(5) });
  });

  it('is refused (1003) to a user without the power, before the file is read', async () => {
    const res = await upload(tokens.learner, csv([row('x')]));
    expect(res.status).toBe(403);
    expect(res.lines).toHaveLength(1);
    expect(res.last).toMatchObject({ code: 1003 });
  });

  it('reads a CSV saved by Excel on a Chinese Windows (GB18030)', async () => {
    const text = csv([row('gb', { 单位: `不存在${tag}` })]).replace('\uFEFF', '');
    const { last } = await upload(tokens.mA, iconv.encode(text, 'gb18030'));
    expect((last.data as ImportRefusal).errors).toEqual([{ row: 3, column: '单位', message: IMPORT_MSG.orgUnknown }]);
  });
});

describe('a clean file', () => {
  it('creates the users (the sub-unit included) who sign in with their initial password and must change it', async () => {
    // The template itself, filled in as a manager would in Excel.
    const res = await handleImportTemplate(
      new Request('http://localhost/api/manage/userImport/template?format=xlsx', { headers: cookie(tokens.mA) }),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.getWorksheet('用户导入')!;
    sheet.getRow(3).values = row('c1', { 手机号: '13911113333' });
    sheet.getRow(4).values = row('c2', { 单位: names.A1, 是否党员: '否', 职级: '', 性别: '' });
    sheet.getCell('E4').value = { text: `imp${tag}_c2@example.cn`, hyperlink: `mailto:imp${tag}_c2@example.cn` };
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const { lines, last } = await upload(tokens.mA, file, '用户导入模板.xlsx');
    expect(last).toMatchObject({ code: 0, msg: IMPORT_MSG.created(2) });
    expect(lines.some((l) => l.phase === 'import' && l.done === 2)).toBe(true);
    const result = last.data as ImportResult;
    expect(result.created).toBe(2);
    expect(result.accounts.map((a) => [a.row, a.userId, a.orgName])).toEqual([
      [3, `imp${tag}_c1`, names.A],
      [4, `imp${tag}_c2`, names.A1],
    ]);
    const made = await (
      await db()
    )
      .select()
      .from(operators)
      .where(like(operators.userId, `imp${tag}\\_c%`))
      .orderBy(operators.userId);
    expect(made.map((m) => [m.name, m.orgId, m.gender, m.positionLevel, m.audience, m.mobile, m.email])).toEqual([
      ['导入c1', orgA, 2, 1, 'party', '13911113333', `imp${tag}_c1@example.cn`],
      ['导入c2', orgA1, 1, 0, 'general', null, `imp${tag}_c2@example.cn`],
    ]);
    expect(made.every((m) => m.isDefaultPassword && m.isActivated)).toBe(true);

    // The initial password works once; the first sign-in replaces its cheap hash and asks for a new password.
    const c1 = result.accounts[0];
    expect(c1.password).toMatch(/^(?=.*[A-Za-z])(?=.*\d)(?=.*_)[A-Za-z0-9_]{14}$/);
    const signed = await login(c1.userId, c1.password);
    const answer = ok(signed) as { token: string; isDefaultPassword: number };
    expect(answer.isDefaultPassword).toBe(1);
    const [after] = await (
      await db()
    )
      .select({ hash: operators.passwordHash })
      .from(operators)
      .where(eq(operators.userId, c1.userId));
    expect(needsRehash(after.hash)).toBe(false);
    ok(
      await call(
        '/modules/eosoperator/loginRecommendSave',
        { newPassword: 'Changed_2026', confirmPassword: 'Changed_2026' },
        { token: answer.token },
      ),
    );
    const again = ok(await login(c1.userId, 'Changed_2026')) as { isDefaultPassword: number };
    expect(again.isDefaultPassword).toBe(0);
  });
});

describe('undoing an import', () => {
  it('removes the imported accounts in the importer’s scope only, and is refused without the power', async () => {
    const csvText = csv([row('u1'), row('u2', { 单位: names.A1 })]);
    const { last } = await upload(tokens.mA, csvText);
    expect(last).toMatchObject({ code: 0 });
    const [old] = await (
      await db()
    )
      .select({ userId: operators.userId })
      .from(operators)
      .where(eq(operators.id, existingId));
    const userIds = [`imp${tag}_u1`, `IMP${tag}_U2`, old.userId, 'manager'];
    const refused = await call('/api/manage/userImport/undo', { userIds }, { token: tokens.learner });
    expect(refused.code).toBe(1003);
    expect(await call('/api/manage/userImport/undo', { userIds: [] }, { token: tokens.mA })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining(IMPORT_MSG.undoNone),
    });
    const undone = ok(await call('/api/manage/userImport/undo', { userIds }, { token: tokens.mA }));
    expect(undone).toEqual({ removed: 2 });
    const left = await (
      await db()
    )
      .select({ userId: operators.userId })
      .from(operators)
      .where(inArray(operators.userId, [`imp${tag}_u1`, `imp${tag}_u2`, old.userId, 'manager']));
    expect(left.map((l) => l.userId).sort()).toEqual(['manager', old.userId].sort());
  });
});

describe('10,000 rows', () => {
  it('are checked and imported in under a minute', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      row(`b${i}`, { 手机号: `15${String(parseInt(tag, 16) % 100).padStart(2, '0')}${String(i).padStart(7, '0')}` }),
    );
    const started = Date.now();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(csv(rows), 'utf8')]), 'users.csv');
    const res = await handleUserImport(
      new Request('http://localhost/api/manage/userImport', { method: 'POST', body: form, headers: cookie(tokens.mA) }),
    );
    // Each line as it arrives, with the time since the start: where the minute goes.
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const marks: string[] = [];
    let text = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      text += r.value;
      for (const l of r.value.split('\n').filter(Boolean))
        if (l.startsWith('{"phase"')) {
          const p = JSON.parse(l) as { phase: string; done: number };
          marks.push(`${p.phase} ${p.done} at ${Date.now() - started} ms`);
        }
    }
    const ms = Date.now() - started;
    const lines = text.trim().split('\n');
    const last = JSON.parse(lines[lines.length - 1]) as { code: number; data: unknown };
    expect(last).toMatchObject({ code: 0 });
    expect((last.data as ImportResult).created).toBe(10_000);
    console.log(
      `user import: 10,000 rows in ${ms} ms (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${marks.join('; ')}`,
    );
    expect(ms).toBeLessThan(60_000);
    await (await db()).delete(operators).where(like(operators.userId, `imp${tag}\\_b%`));
  }, 120_000);
});
