/**
 * Assignment hand-in and marking (/train/task, issue 26), on data made here and removed afterwards: a training with
 * an open assignment and one whose deadline has passed; unit A (an enrolled learner, one whose application is still
 * pending, and a manager holding 系统管理员 over A) and unit B (a manager over B only). The learner hands in text and
 * a file uploaded through uploadResFile, replaces it, is refused after the deadline; the pending learner is refused;
 * the manager of B neither sees nor marks A's hand-in, nor reads its file; the manager of A does, and the learner
 * sees the mark.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import {
  operators,
  orgs,
  roleGrants,
  roles,
  trainApplications,
  trainItems,
  trains,
  uploadFiles,
} from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { handleUpload, serveFile } from '@/lib/server/http/streaming';
import { createSession } from '@/lib/server/services/accounts/sessions';
import type { AssignmentSubmissions, MyAssignments, Submission, SubmissionDetail } from '@/lib/contract/assignments';
import type { UploadedFile } from '@/lib/contract/spaces';
import type { Site } from '@/lib/variants';
import { OWN_FILES_ONLY_MSG } from '@/lib/contract/spaces';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'train-assignments-'));
process.env.UPLOAD_DIR = uploadDir;

const { call, callRaw } = testClient({ ip: '10.0.26.1' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

const tag = randomBytes(3).toString('hex');
const DAY = 86_400_000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
const PDF2 = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000)]);

const fx = {
  orgs: [] as number[],
  ops: {} as Record<'learner' | 'pending' | 'mA' | 'mB', number>,
  tokens: {} as Record<'learner' | 'pending' | 'mA' | 'mB', string>,
  trainId: 0,
  open: 0,
  past: 0,
  md5s: [] as string[],
};

async function upload(token: string, file: Buffer, name: string): Promise<UploadedFile> {
  const fd = new FormData();
  fd.append('fileName', name);
  fd.append('file', new Blob([new Uint8Array(file)]), name);
  const req = new Request('http://localhost:3000/api/resourceFile/uploadResFile', {
    method: 'POST',
    body: fd,
    headers: { host: 'localhost:3000', 'x-access-token': token },
  });
  const env = (await (await handleUpload(req, 'uploadResFile')).json()) as { code: number; msg: string; data: unknown };
  if (env.code !== 0) throw new Error(env.msg);
  const up = env.data as UploadedFile;
  fx.md5s.push(up.md5);
  return up;
}

const fetchFile = (url: string, token: string) =>
  serveFile(new Request(`http://localhost${url}`, { headers: { 'x-access-token': token } }), url.split('/').pop()!);

beforeAll(async () => {
  const d = await db();
  const [a, b] = await d
    .insert(orgs)
    .values([{ name: `作业甲单位${tag}` }, { name: `作业乙单位${tag}` }])
    .returning({ id: orgs.id });
  fx.orgs = [a.id, b.id];
  const people = [
    ['learner', a.id],
    ['pending', a.id],
    ['mA', null],
    ['mB', null],
  ] as const;
  for (const [key, orgId] of people) {
    const [row] = await d
      .insert(operators)
      .values({ userId: `hw_${key}_${tag}`, name: `${key}${tag}`, orgId: orgId ?? a.id, passwordHash: '!disabled' })
      .returning({ id: operators.id });
    fx.ops[key] = row.id;
    fx.tokens[key] = await createSession(row.id);
  }
  const [admin] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '系统管理员'));
  await d.insert(roleGrants).values([
    { operatorId: fx.ops.mA, roleId: admin.id, orgId: a.id },
    { operatorId: fx.ops.mB, roleId: admin.id, orgId: b.id },
  ]);
  const now = Date.now();
  const [t] = await d
    .insert(trains)
    .values({ title: `作业培训${tag}`, type: 5001, startAt: new Date(now - DAY), endAt: new Date(now + 30 * DAY) })
    .returning({ id: trains.id });
  fx.trainId = t.id;
  const [open, past] = await d
    .insert(trainItems)
    .values([
      { trainId: t.id, kind: 'assignment', sort: 1, title: `学习心得${tag}`, body: '不少于1500字' },
      { trainId: t.id, kind: 'assignment', sort: 2, title: `研讨报告${tag}`, endAt: new Date(now - DAY) },
    ])
    .returning({ id: trainItems.id });
  fx.open = open.id;
  fx.past = past.id;
  await d.insert(trainApplications).values([
    { trainId: t.id, operatorId: fx.ops.learner, status: 7 },
    { trainId: t.id, operatorId: fx.ops.pending, status: 6 },
  ]);
}, 60_000);

afterAll(async () => {
  const d = await db();
  // Submissions go with the training's items and the operators (cascade); grants and applications with the operators.
  await d.delete(trains).where(eq(trains.id, fx.trainId));
  await d.delete(operators).where(inArray(operators.id, Object.values(fx.ops)));
  await d.delete(orgs).where(inArray(orgs.id, fx.orgs));
  if (fx.md5s.length) await d.delete(uploadFiles).where(inArray(uploadFiles.md5, fx.md5s));
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

const mine = async (token = fx.tokens.learner) =>
  ok<MyAssignments>(await call('/api/train/myAssignments', { trainId: fx.trainId }, { token }));

describe('the learner hands in', () => {
  let first: Submission;

  it('lists each assignment with its deadline and state: open 未提交, past 已截止', async () => {
    const m = await mine();
    expect(m.enrolled).toBe(true);
    const [open, past] = m.items;
    expect(open).toMatchObject({ id: fx.open, state: 'open', stateLabel: '未提交', canSubmit: true, submission: null });
    expect(new Date(open.deadline).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(past).toMatchObject({ id: fx.past, state: 'closed', stateLabel: '已截止', canSubmit: false });
  });

  it('hands in text and a file, and sees it submitted', async () => {
    const up = await upload(fx.tokens.learner, PDF, '心得.pdf');
    first = ok<Submission>(
      await call(
        '/api/train/submitAssignment',
        { assignmentId: fx.open, content: '第一次提交的心得', fileIds: [up.fileId] },
        { token: fx.tokens.learner },
      ),
    );
    expect(first.files).toEqual([expect.objectContaining({ fileId: up.fileId, name: '心得.pdf', url: up.url })]);
    const [open] = (await mine()).items;
    expect(open).toMatchObject({ state: 'submitted', stateLabel: '已提交', canSubmit: true });
    expect(open.submission).toMatchObject({ content: '第一次提交的心得', score: null });
  });

  it('replaces it before the deadline', async () => {
    const up = await upload(fx.tokens.learner, PDF2, '心得修改版.pdf');
    const again = ok<Submission>(
      await call(
        '/api/train/submitAssignment',
        { assignmentId: fx.open, content: '修改后的心得', fileIds: [up.fileId] },
        { token: fx.tokens.learner },
      ),
    );
    expect(again.id).toBe(first.id);
    const [open] = (await mine()).items;
    expect(open.submission).toMatchObject({ content: '修改后的心得' });
    expect(open.submission!.files.map((f) => f.name)).toEqual(['心得修改版.pdf']);
  });

  it('is refused after the deadline, when empty, with a file not their own, and with bad input', async () => {
    const late = await call(
      '/api/train/submitAssignment',
      { assignmentId: fx.past, content: '迟交' },
      { token: fx.tokens.learner },
    );
    expect(late).toMatchObject({ code: 1000, msg: '作业已截止，不能再提交或修改' });
    const empty = await call(
      '/api/train/submitAssignment',
      { assignmentId: fx.open, content: '  ' },
      { token: fx.tokens.learner },
    );
    expect(empty.msg).toBe('请填写作业内容或上传附件');
    const other = await upload(fx.tokens.mB, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500)]), 'x.pdf');
    const stolen = await call(
      '/api/train/submitAssignment',
      { assignmentId: fx.open, content: 'x', fileIds: [other.fileId] },
      { token: fx.tokens.learner },
    );
    expect(stolen.msg).toBe(OWN_FILES_ONLY_MSG);
    const bad = await callRaw(
      '/api/train/submitAssignment',
      { assignmentId: 'x', content: '' },
      { token: fx.tokens.learner },
    );
    expect(bad.code).toBe(1001);
    expect(bad.msg).toContain('assignmentId');
    const many = await call(
      '/api/train/submitAssignment',
      { assignmentId: fx.open, content: 'x', fileIds: [1, 2, 3, 4, 5, 6] },
      { token: fx.tokens.learner },
    );
    expect(many.msg).toBe('参数错误：fileIds 附件不能超过5个');
  });

  it('answers under /api/platform/ on a platform host exactly when the training is shown there', async () => {
    const partySchool: Site = { variant: 'partySchool', dx: true };
    const { call: on } = testClient({ token: fx.tokens.learner, site: partySchool, ip: '10.0.26.1' });
    const detail = await on('/api/platform/train/detail', { id: fx.trainId });
    const tasks = await on('/api/platform/train/myAssignments', { trainId: fx.trainId });
    expect(tasks.code).toBe(detail.code);
    if (tasks.code === 0) expect((tasks.data as MyAssignments).items).toHaveLength(2);
  });

  it('refuses a learner not enrolled (application pending) and a visitor', async () => {
    const m = await mine(fx.tokens.pending);
    expect(m.enrolled).toBe(false);
    expect(m.items.every((i) => !i.canSubmit)).toBe(true);
    const refused = await call(
      '/api/train/submitAssignment',
      { assignmentId: fx.open, content: '我也交' },
      { token: fx.tokens.pending },
    );
    expect(refused).toMatchObject({ code: 1003, msg: '您尚未参加本培训，报名并通过审核后才能提交作业' });
    const visitor = await call('/api/train/myAssignments', { trainId: fx.trainId });
    expect(visitor.code).not.toBe(0);
  });
});

describe('the manager marks', () => {
  let submissionId = 0;

  it('a manager of another unit neither lists, opens, marks nor reads the files of the hand-in', async () => {
    const list = ok<AssignmentSubmissions>(
      await call('/api/train/assignmentSubmissions', { assignmentId: fx.open }, { token: fx.tokens.mB }),
    );
    expect(list.list).toEqual([]);
    const own = ok<AssignmentSubmissions>(
      await call('/api/train/assignmentSubmissions', { assignmentId: fx.open }, { token: fx.tokens.mA }),
    );
    expect(own.list).toHaveLength(1);
    submissionId = own.list[0].id;
    const open = await call('/api/train/submissionDetail', { submissionId }, { token: fx.tokens.mB });
    expect(open).toMatchObject({ code: 1003, msg: '没有该单位的管理权限' });
    const mark = await call(
      '/api/train/markSubmission',
      { submissionId, score: 10, comment: '' },
      { token: fx.tokens.mB },
    );
    expect(mark.code).toBe(1003);
    const detail = ok<SubmissionDetail>(
      await call('/api/train/submissionDetail', { submissionId }, { token: fx.tokens.mA }),
    );
    expect((await fetchFile(detail.files[0].url, fx.tokens.mB)).status).toBe(404);
    // a learner without any management power
    const learner = await call(
      '/api/train/assignmentSubmissions',
      { assignmentId: fx.open },
      { token: fx.tokens.pending },
    );
    expect(learner).toMatchObject({ code: 1003, msg: '没有批改权限' });
  });

  it('the manager of the unit opens it (text and files), marks it, and the learner sees the mark', async () => {
    const detail = ok<SubmissionDetail>(
      await call('/api/train/submissionDetail', { submissionId }, { token: fx.tokens.mA }),
    );
    expect(detail).toMatchObject({
      content: '修改后的心得',
      operatorName: `learner${tag}`,
      orgName: `作业甲单位${tag}`,
    });
    const file = await fetchFile(detail.files[0].url, fx.tokens.mA);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF2)).toBe(true);
    const bad = await call(
      '/api/train/markSubmission',
      { submissionId, score: 101, comment: '' },
      { token: fx.tokens.mA },
    );
    expect(bad.msg).toBe('参数错误：score 分数必须是0到100的整数');
    const marked = ok<SubmissionDetail>(
      await call(
        '/api/train/markSubmission',
        { submissionId, score: 92, comment: '论述清楚，联系实际' },
        { token: fx.tokens.mA },
      ),
    );
    expect(marked).toMatchObject({ score: 92, comment: '论述清楚，联系实际' });
    const [open] = (await mine()).items;
    expect(open).toMatchObject({ state: 'marked', stateLabel: '已批改' });
    expect(open.submission).toMatchObject({ score: 92, comment: '论述清楚，联系实际' });
  });

  it('a new hand-in after the mark voids it: 已提交 again, to be marked anew', async () => {
    ok(
      await call(
        '/api/train/submitAssignment',
        { assignmentId: fx.open, content: '第三版心得' },
        { token: fx.tokens.learner },
      ),
    );
    const [open] = (await mine()).items;
    expect(open).toMatchObject({ state: 'submitted', stateLabel: '已提交' });
    expect(open.submission).toMatchObject({
      content: '第三版心得',
      score: null,
      comment: '',
      markedAt: null,
      files: [],
    });
  });
});
