/**
 * 用户导入 (issue 25, power "user-import"): a file's rows are checked all together (each cell with SPEC 5's rules,
 * duplicates inside the file and against existing accounts, the organisation and the importer's scope), and every
 * error is answered by row and column; nothing is imported until the file is clean. A clean file's accounts are
 * made in one transaction, in batches, each with a generated initial password (password.ts generatePassword)
 * answered once to the importer and marked default, so the first sign-in asks for a new one (the perfect-info
 * prompt, types 9 and 11).
 */
import { sql } from 'drizzle-orm';
import { MSG_NO_ORG_POWER, IMPORT_RACE_MSG } from '@/lib/contract/management';
import type {
  ImportedAccount,
  ImportProgress,
  ImportResult,
  ImportRowError,
  ImportUndone,
} from '@/lib/contract/user-import';
import { checkRow, IMPORT_MSG, type CheckedRow, type RawRow } from '@/lib/validation/user-import';
import { db } from '@/lib/server/db';
import { CODE_INVALID, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { generatePassword, hashGeneratedPassword } from '../accounts/password';
import { inScope, orgInScope, requireAnyPower, type PowerScope } from './powers';

export const IMPORT_REMARK = '批量导入';
/** Rows per INSERT (one JSON parameter), so the progress bar moves during a large import. */
const BATCH = 1000;

type Who = Pick<SessionUser, 'operatorID'>;
type Progress = (p: ImportProgress) => void;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const jsonList = (values: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** The names of the organisations the importer may import into (for the template's drop-down). */
export async function importOrgNames(user: Who): Promise<string[]> {
  const scope = await requireAnyPower(user, 'user-import');
  const rows = rowsOf<{ name: string }>(
    await (await db()).execute(sql`select distinct name from orgs where ${orgInScope(scope, sql`id`)} order by name`),
  );
  return rows.map((r) => r.name);
}

/** Name -> id, preferring an organisation inside the scope when names repeat; null: the name exists outside only. */
async function orgIdsByName(scope: PowerScope, names: string[]): Promise<Map<string, number | null>> {
  const rows = rowsOf<{ id: number; name: string }>(
    await (await db()).execute(sql`select id, name from orgs where name in ${jsonList(names)} order by id`),
  );
  const out = new Map<string, number | null>();
  for (const r of rows) {
    const id = Number(r.id);
    if (inScope(scope, id)) {
      if (!out.get(r.name)) out.set(r.name, id);
    } else if (!out.has(r.name)) out.set(r.name, null);
  }
  return out;
}

/** Login names, e-mails and mobiles already held by accounts (a login name may be an e-mail and the other way). */
async function takenKeys(rows: CheckedRow[]) {
  const keys = [...new Set(rows.flatMap((r) => [r.userId.toLowerCase(), r.email]))];
  const mobiles = [...new Set(rows.map((r) => r.mobile).filter((m): m is string => !!m))];
  const found = rowsOf<{ user_id: string; email: string | null; mobile: string | null }>(
    await (
      await db()
    ).execute(sql`
      with k as (select distinct key from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as key),
           m as (select distinct mobile from jsonb_array_elements_text(${JSON.stringify(mobiles)}::jsonb) as mobile)
      select o.user_id, o.email, o.mobile from operators o join k on lower(o.user_id) = k.key
      union
      select o.user_id, o.email, o.mobile from operators o join k on lower(o.email) = k.key
      union
      select o.user_id, o.email, o.mobile from operators o join m on o.mobile = m.mobile`),
  );
  const logins = new Set<string>();
  const mobileSet = new Set<string>();
  for (const f of found) {
    logins.add(f.user_id.toLowerCase());
    if (f.email) logins.add(f.email.toLowerCase());
    if (f.mobile) mobileSet.add(f.mobile);
  }
  return { logins, mobiles: mobileSet };
}

export interface CheckedFile {
  rows: (CheckedRow & { orgId: number })[];
  errors: ImportRowError[];
}

/** Every check of every row; the errors in row order, then column order. */
export async function checkImport(user: Who, raw: RawRow[], progress: Progress = () => {}): Promise<CheckedFile> {
  const scope = await requireAnyPower(user, 'user-import');
  const errors: ImportRowError[] = [];
  const good: CheckedRow[] = [];
  raw.forEach((r, i) => {
    const { row, errors: e } = checkRow(r);
    errors.push(...e);
    if (row) good.push(row);
    if ((i + 1) % 2000 === 0) progress({ phase: 'validate', done: i + 1, total: raw.length });
  });
  // Cells that were fine on their own may still repeat each other: the first row keeps its value.
  const firstAccount = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  const firstMobile = new Map<string, number>();
  const unique = (first: Map<string, number>, key: string, row: number, column: ImportRowError['column']) => {
    const at = first.get(key);
    if (at === undefined) first.set(key, row);
    else errors.push({ row, column, message: IMPORT_MSG.duplicateInFile(column, at) });
    return at === undefined;
  };
  const [orgIds, taken] = await Promise.all([
    orgIdsByName(scope, [...new Set(good.map((r) => r.orgName))]),
    takenKeys(good),
  ]);
  const rows: CheckedFile['rows'] = [];
  for (const r of good) {
    let ok = unique(firstAccount, r.userId.toLowerCase(), r.row, '账号');
    ok = unique(firstEmail, r.email, r.row, '邮箱') && ok;
    if (r.mobile) ok = unique(firstMobile, r.mobile, r.row, '手机号') && ok;
    const fail = (column: ImportRowError['column'], message: string) => {
      errors.push({ row: r.row, column, message });
      ok = false;
    };
    if (taken.logins.has(r.userId.toLowerCase())) fail('账号', IMPORT_MSG.accountTaken);
    if (taken.logins.has(r.email)) fail('邮箱', IMPORT_MSG.emailTaken);
    if (r.mobile && taken.mobiles.has(r.mobile)) fail('手机号', IMPORT_MSG.mobileTaken);
    const orgId = orgIds.get(r.orgName);
    if (orgId === undefined) fail('单位', IMPORT_MSG.orgUnknown);
    else if (orgId === null) fail('单位', MSG_NO_ORG_POWER);
    if (ok && orgId) rows.push({ ...r, orgId });
  }
  const order = ['文件', '账号', '姓名', '性别', '手机号', '邮箱', '单位', '职级', '是否党员'];
  errors.sort((a, b) => a.row - b.row || order.indexOf(a.column) - order.indexOf(b.column));
  progress({ phase: 'validate', done: raw.length, total: raw.length });
  return { rows, errors };
}

const isUniqueViolation = (err: unknown): boolean => {
  const text = (e: unknown): string =>
    e instanceof Error
      ? `${e.message} ${(e as { code?: string }).code ?? ''} ${text((e as { cause?: unknown }).cause)}`
      : '';
  return /unique|duplicate|23505/i.test(text(err));
};

/** Makes the accounts of a clean file in one transaction: all of them, or none. */
export async function createImported(rows: CheckedFile['rows'], progress: Progress = () => {}): Promise<ImportResult> {
  const accounts: ImportedAccount[] = [];
  const values = await Promise.all(
    rows.map(async (r) => {
      const password = generatePassword();
      accounts.push({ row: r.row, userId: r.userId, name: r.name, orgName: r.orgName, password });
      return {
        user_id: r.userId,
        email: r.email,
        name: r.name,
        org_id: r.orgId,
        password_hash: await hashGeneratedPassword(password),
        gender: r.gender,
        position_level: r.positionLevel,
        audience: r.party ? 'party' : 'general',
        mobile: r.mobile,
      };
    }),
  );
  try {
    await (
      await db()
    ).transaction(async (tx) => {
      // One JSON parameter per batch: the SQL text stays the same and small whatever the batch's size.
      for (let i = 0; i < values.length; i += BATCH) {
        await tx.execute(sql`
          insert into operators (user_id, email, name, org_id, password_hash, gender, position_level, audience, mobile,
                                 is_activated, is_default_password, remark)
          select user_id, email, name, org_id, password_hash, gender, position_level, audience, mobile,
                 true, true, ${IMPORT_REMARK}
          from jsonb_to_recordset(${JSON.stringify(values.slice(i, i + BATCH))}::jsonb) as r(
            user_id text, email text, name text, org_id int, password_hash text, gender smallint,
            position_level smallint, audience text, mobile text)`);
        progress({ phase: 'import', done: Math.min(i + BATCH, values.length), total: values.length });
      }
    });
  } catch (err) {
    // An account registered between the check and the insert: the unique indexes refuse it and nothing is kept.
    if (isUniqueViolation(err)) throw new ServiceError(IMPORT_RACE_MSG, CODE_INVALID);
    throw err;
  }
  accounts.sort((a, b) => a.row - b.row);
  return { created: accounts.length, accounts };
}

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; rows: number; errors: ImportRowError[] };

/** Check, then import when clean. */
export async function importUsers(user: Who, raw: RawRow[], progress: Progress = () => {}): Promise<ImportOutcome> {
  const checked = await checkImport(user, raw, progress);
  if (checked.errors.length) return { ok: false, rows: raw.length, errors: checked.errors };
  progress({ phase: 'import', done: 0, total: checked.rows.length });
  return { ok: true, result: await createImported(checked.rows, progress) };
}

const isForeignKeyViolation = (err: unknown): boolean => {
  const text = (e: unknown): string =>
    e instanceof Error
      ? `${e.message} ${(e as { code?: string }).code ?? ''} ${text((e as { cause?: unknown }).cause)}`
      : '';
  return /foreign key|23503/i.test(text(err));
};

/**
 * Removes accounts an import made (a mistaken file): only imported ones (remark 批量导入) of organisations in the
 * importer's scope; others named are left alone and not counted. All or none: an account that has records that
 * keep it (study records, enrolments) refuses the whole call.
 */
export async function undoImport(user: Who, userIds: string[]): Promise<ImportUndone> {
  const scope = await requireAnyPower(user, 'user-import');
  const names = [...new Set(userIds.map((u) => u.toLowerCase()))];
  try {
    const removed = rowsOf<{ id: number }>(
      await (
        await db()
      ).execute(sql`
        delete from operators
        where lower(user_id) in ${jsonList(names)} and remark = ${IMPORT_REMARK}
          and ${orgInScope(scope, sql`org_id`)}
        returning id`),
    );
    return { removed: removed.length };
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new ServiceError(IMPORT_MSG.undoInUse);
    throw err;
  }
}
