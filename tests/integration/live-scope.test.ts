/**
 * Scoped powers over live classes, reviewers' media and the staff upload allowance (issue 38), and the ingest's end
 * of a class (its window, the running stream cut by on_update, the callbacks' own address). Data made here: units A
 * and B, a manager of each (系统管理员 over their unit only), the demo `manager` over the whole institution, a
 * teacher of B's class with a linked account, another teacher, a learner. A class of B is managed by B's manager, the
 * whole institution's and its teacher; A's manager is refused each call (1003). Runs on PGlite (DATA_DIR=memory) or
 * PostgreSQL (DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, arrayContains, eq, inArray } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import {
  courseChapters,
  courses,
  liveClasses,
  operators,
  orgs,
  roleGrants,
  roles,
  teachers,
} from '@/lib/server/db/schema';
import { callEndpoint, type CallResult } from '@/lib/server/http/dispatch';
import { stampPeerAddress } from '@/lib/server/http/request-info';
import { resetConfigForTests } from '@/lib/server/config';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { chapterFor } from '@/lib/server/services/media/media-stream';
import { handleIngestCallback } from '@/lib/server/http/live-ingest';
import { publishDone } from '@/lib/server/services/live/ingest';
import { MSG_NOT_STREAMER } from '@/lib/contract/live';
import { UNIT_MANAGER } from '@/lib/server/seed/domains/management';
import type { LiveStreamInfo, LiveWatchState } from '@/lib/contract/catalogue';
import type { UploadQuota } from '@/lib/contract/spaces';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
const call = (path: string, body: unknown, token: string): Promise<CallResult> =>
  callEndpoint(path, body, { token, site: main, ip: '10.0.38.1' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};
const MIN = 60_000;
const tag = randomBytes(3).toString('hex');

type Who = 'mA' | 'mB' | 'root' | 'teacherB' | 'otherTeacher' | 'learner' | 'nameOnly';
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let orgA: number;
let orgB: number;
let classB: number;
let chapterB: number;

/** A class of B on air now (from 10 minutes ago to an hour ahead), not finished, off air. */
async function resetClassB(): Promise<void> {
  const now = Date.now();
  await (
    await db()
  )
    .update(liveClasses)
    .set({ startAt: new Date(now - 10 * MIN), endAt: new Date(now + 60 * MIN), finishedAt: null, onAirAt: null })
    .where(eq(liveClasses.id, classB));
}

beforeAll(async () => {
  process.env.LIVE_PUBLISH_MARGIN_MINUTES = '30';
  resetConfigForTests();
  const d = await db();
  [{ id: orgA }] = await d
    .insert(orgs)
    .values({ name: `甲单位${tag}` })
    .returning({ id: orgs.id });
  [{ id: orgB }] = await d
    .insert(orgs)
    .values({ name: `乙单位${tag}` })
    .returning({ id: orgs.id });
  const [tB, tOther] = await d
    .insert(teachers)
    .values([
      { name: `乙教师${tag}`, type: 1 },
      { name: `他教师${tag}`, type: 1 },
    ])
    .returning({ id: teachers.id });
  const people: [Who, number | null, number | null, string[]][] = [
    ['mA', orgA, null, ['系统管理员']],
    ['mB', orgB, null, ['系统管理员']],
    ['teacherB', orgB, tB.id, []],
    ['otherTeacher', orgB, tOther.id, []],
    ['learner', orgB, null, []],
    // A role's name in the list but no grant: no power anywhere.
    ['nameOnly', orgB, null, ['系统管理员']],
  ];
  for (const [who, orgId, tchrId, cmsRoles] of people) {
    const [row] = await d
      .insert(operators)
      .values({ userId: `${who}_${tag}`, name: `${who}${tag}`, orgId, tchrId, cmsRoles, passwordHash: '!disabled' })
      .returning({ id: operators.id });
    ids[who] = row.id;
  }
  const [admin] = await d.select({ id: roles.id }).from(roles).where(eq(roles.name, '系统管理员'));
  await d.insert(roleGrants).values([
    { operatorId: ids.mA, roleId: admin.id, orgId: orgA },
    { operatorId: ids.mB, roleId: admin.id, orgId: orgB },
  ]);
  const [root] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'manager'));
  ids.root = root.id;
  for (const who of Object.keys(ids) as Who[]) tokens[who] = await createSession(ids[who]);

  const now = Date.now();
  [{ id: classB }] = await d
    .insert(liveClasses)
    .values({
      title: `乙单位直播${tag}`,
      teacherId: tB.id,
      orgId: orgB,
      startAt: new Date(now - 10 * MIN),
      endAt: new Date(now + 60 * MIN),
      audiences: ['general'],
      // Hours and a replay as every seeded class has (live-stream.test.ts checks them on a shared database).
      recordHours: 1,
      replayMedia: 'demo-1',
    })
    .returning({ id: liveClasses.id });
  // A course of B's teacher waiting for review (not published), with one chapter.
  const [course] = await d
    .insert(courses)
    .values({ title: `待审课程${tag}`, categoryCode: 301, auditStatus: 1051, creatorId: ids.teacherB })
    .returning({ id: courses.id });
  [{ id: chapterB }] = await d
    .insert(courseChapters)
    .values({ courseId: course.id, sort: 1, title: '第一讲', media: 'demo-1' })
    .returning({ id: courseChapters.id });
}, 120_000);

afterAll(async () => {
  delete process.env.LIVE_PUBLISH_MARGIN_MINUTES;
  delete process.env.LIVE_INGEST_ALLOW;
  delete process.env.TRUST_PROXY;
  resetConfigForTests();
  await closeDb();
});

describe('live classes: the power 直播管理 over the class organisation', () => {
  beforeEach(resetClassB);

  it("A's manager is refused B's stream key, its reset and its finish; the page offers them no key", async () => {
    for (const path of ['/api/live/streamInfo', '/api/live/streamKeyReset', '/api/live/finish']) {
      const refused = await call(path, { id: classB }, tokens.mA);
      expect([path, refused.code, refused.msg]).toEqual([path, 1003, MSG_NOT_STREAMER]);
    }
    expect(ok<LiveWatchState>(await call('/api/live/watch', { id: classB }, tokens.mA)).canStream).toBe(false);
    const [row] = await (await db()).select().from(liveClasses).where(eq(liveClasses.id, classB));
    expect([row.streamKey, row.finishedAt]).toEqual([null, null]);
  });

  it("B's manager, the whole institution's and the class's teacher read the same key and reset it", async () => {
    let key = '';
    for (const who of ['mB', 'root', 'teacherB'] as const) {
      const info = ok<LiveStreamInfo>(await call('/api/live/streamInfo', { id: classB }, tokens[who]));
      if (key) expect(info.streamKey).toBe(key);
      const reset = ok<LiveStreamInfo>(await call('/api/live/streamKeyReset', { id: classB }, tokens[who]));
      expect(reset.streamKey).not.toBe(info.streamKey);
      key = reset.streamKey;
      expect(ok<LiveWatchState>(await call('/api/live/watch', { id: classB }, tokens[who])).canStream).toBe(true);
    }
  });

  it('another teacher, a learner and a role name without a grant are refused', async () => {
    for (const who of ['otherTeacher', 'learner', 'nameOnly'] as const) {
      const refused = await call('/api/live/streamInfo', { id: classB }, tokens[who]);
      expect([who, refused.code]).toEqual([who, 1003]);
    }
  });

  it("B's manager and B's teacher may finish the class", async () => {
    for (const who of ['mB', 'teacherB'] as const) {
      await resetClassB();
      const state = ok<LiveWatchState>(await call('/api/live/finish', { id: classB }, tokens[who]));
      expect(state.status).toBe('ended');
    }
  });

  it('a class of no organisation is managed over the whole institution only', async () => {
    const d = await db();
    await d.update(liveClasses).set({ orgId: null }).where(eq(liveClasses.id, classB));
    try {
      expect((await call('/api/live/streamInfo', { id: classB }, tokens.mB)).code).toBe(1003);
      expect((await call('/api/live/streamInfo', { id: classB }, tokens.root)).code).toBe(0);
      expect((await call('/api/live/streamInfo', { id: classB }, tokens.teacherB)).code).toBe(0);
    } finally {
      await d.update(liveClasses).set({ orgId: orgB }).where(eq(liveClasses.id, classB));
    }
  });

  it('the built-in roles: 单位管理员, 内容管理员 and 系统管理员 hold 直播管理, 培训管理员 does not', async () => {
    const rows = await (
      await db()
    )
      .select({ name: roles.name, powers: roles.powers })
      .from(roles)
      .where(inArray(roles.name, ['系统管理员', '内容管理员', '培训管理员', '单位管理员']));
    const holds = Object.fromEntries(rows.map((r) => [r.name, r.powers.includes('live-manage')]));
    expect(holds).toEqual({ 系统管理员: true, 内容管理员: true, 培训管理员: false, 单位管理员: true });
  });

  it("the seed: unitmanager (物理研究所) is refused the lecturer's class of another institute, not its own; manager is not", async () => {
    const d = await db();
    const [lecturer] = await d.select({ t: operators.tchrId }).from(operators).where(eq(operators.userId, 'lecturer'));
    const lecturers = await d
      .select({ id: liveClasses.id, audiences: liveClasses.audiences, org: orgs.name })
      .from(liveClasses)
      .innerJoin(orgs, eq(orgs.id, liveClasses.orgId))
      .where(eq(liveClasses.teacherId, lecturer.t!));
    const lecturersClass = lecturers.find((l) => l.audiences.includes('general'))!;
    // The lecturer's institute: not the unit manager's.
    expect(lecturersClass.org).toBeTruthy();
    expect(lecturersClass.org).not.toBe(UNIT_MANAGER.orgName);
    const [unit] = await d
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.userId, UNIT_MANAGER.userId));
    const refused = await call('/api/live/streamInfo', { id: lecturersClass.id }, await createSession(unit.id));
    expect([refused.code, refused.msg]).toEqual([1003, MSG_NOT_STREAMER]);
    expect((await call('/api/live/streamInfo', { id: lecturersClass.id }, tokens.root)).code).toBe(0);
    // A class of 物理研究所 on the main site: unitmanager's own.
    const [own] = await d
      .select({ id: liveClasses.id })
      .from(liveClasses)
      .innerJoin(orgs, eq(orgs.id, liveClasses.orgId))
      .where(and(eq(orgs.name, UNIT_MANAGER.orgName), arrayContains(liveClasses.audiences, ['general'])))
      .limit(1);
    expect((await call('/api/live/streamInfo', { id: own.id }, await createSession(unit.id))).code).toBe(0);
  });
});

describe("reviewers' media of a course not yet published", () => {
  it("only course-review over the creator's organisation opens it", async () => {
    const as = (who: Who) => ({ operatorID: ids[who], tchrId: null });
    expect(await chapterFor(main, as('mA'), chapterB)).toBeNull();
    expect(await chapterFor(main, as('learner'), chapterB)).toBeNull();
    expect(await chapterFor(main, as('nameOnly'), chapterB)).toBeNull();
    expect((await chapterFor(main, as('mB'), chapterB))?.media).toBe('demo-1');
    expect((await chapterFor(main, as('root'), chapterB))?.reviewer).toBe(true);
    expect((await chapterFor(main, { operatorID: ids.teacherB, tchrId: null }, chapterB))?.owner).toBe(true);
  });
});

describe('the staff upload allowance', () => {
  it('rests on a power held or a teacher, not on a role name', async () => {
    const limit = async (who: Who) =>
      ok<UploadQuota>(await call('/api/resourceFile/quota', {}, tokens[who])).storedLimit;
    const MiB = 1024 * 1024;
    expect(await limit('learner')).toBe(2048 * MiB);
    expect(await limit('nameOnly')).toBe(2048 * MiB);
    expect(await limit('mA')).toBe(51200 * MiB);
    expect(await limit('teacherB')).toBe(51200 * MiB);
  });
});

describe('the ingest: the end of the window, the running stream, its own address', () => {
  /** Headers as the request hook stamps them for a connection from `peer`, with whatever else the sender wrote. */
  const fromPeer = (peer: string, headers: Record<string, string> = {}): Record<string, string> => {
    const req = { headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
    stampPeerAddress(req);
    return req.headers as Record<string, string>;
  };
  const hook = (event: string, form: Record<string, string>, peer = '127.0.0.1', extra: Record<string, string> = {}) =>
    handleIngestCallback(
      new Request(`http://127.0.0.1/api/live/ingest/${event}`, {
        method: 'POST',
        headers: fromPeer(peer, { 'content-type': 'application/x-www-form-urlencoded', ...extra }),
        body: new URLSearchParams(form).toString(),
      }),
      event,
    );
  let form: Record<string, string>;
  const setTimes = async (startAt: number, endAt: number) =>
    (await db())
      .update(liveClasses)
      .set({ startAt: new Date(startAt), endAt: new Date(endAt), finishedAt: null })
      .where(eq(liveClasses.id, classB));

  beforeAll(async () => {
    await resetClassB();
    const info = ok<LiveStreamInfo>(await call('/api/live/streamInfo', { id: classB }, tokens.teacherB));
    const [name, args] = info.streamKey.split('?');
    form = { app: 'live', name, key: new URLSearchParams(args).get('key')!, addr: '198.51.100.7' };
  });
  afterEach(async () => {
    await publishDone(form.name);
  });

  it('on_publish: accepted up to the end plus the margin, refused after it', async () => {
    const now = Date.now();
    await setTimes(now - 120 * MIN, now - 29 * MIN);
    expect((await hook('publish', { ...form, call: 'publish' })).status).toBe(200);
    await setTimes(now - 120 * MIN, now - 31 * MIN);
    expect((await hook('publish', { ...form, call: 'publish' })).status).toBe(403);
  });

  it('on_update: a running stream goes on inside the window and is cut after it', async () => {
    const now = Date.now();
    const update = { ...form, call: 'update_publish', time: '600', timestamp: '600000' };
    await setTimes(now - 10 * MIN, now + 60 * MIN);
    expect((await hook('update', update)).status).toBe(200);
    await setTimes(now - 120 * MIN, now - 29 * MIN);
    expect((await hook('update', update)).status).toBe(200);
    await setTimes(now - 120 * MIN, now - 31 * MIN);
    expect((await hook('update', update)).status).toBe(403);
    // A key replaced meanwhile, an unknown stream: cut.
    await setTimes(now - 10 * MIN, now + 60 * MIN);
    expect((await hook('update', { ...update, key: 'replaced-secret-00000000' })).status).toBe(403);
    expect((await hook('update', { ...update, name: 'c1-000000000000000000' })).status).toBe(403);
  });

  it('a class finished early refuses its key at once, with no margin, and its stream is cut', async () => {
    await resetClassB();
    expect((await hook('publish', { ...form, call: 'publish' })).status).toBe(200);
    // The ingest's control (a stand-in) is asked to drop the running stream at once.
    const asked: string[] = [];
    const control = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end('1');
    });
    await new Promise<void>((r) => control.listen(0, '127.0.0.1', r));
    process.env.LIVE_CONTROL_URL = `http://127.0.0.1:${(control.address() as AddressInfo).port}/control`;
    resetConfigForTests();
    try {
      ok(await call('/api/live/finish', { id: classB }, tokens.teacherB));
    } finally {
      control.close();
      delete process.env.LIVE_CONTROL_URL;
      resetConfigForTests();
    }
    expect(asked).toEqual([`/control/drop/publisher?app=live&name=${form.name}`]);
    expect((await hook('update', { ...form, call: 'update_publish' })).status).toBe(403);
    expect((await hook('publish', { ...form, call: 'publish' })).status).toBe(403);
    const info = ok<LiveStreamInfo>(await call('/api/live/streamInfo', { id: classB }, tokens.teacherB));
    expect(new Date(info.publishUntil).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("accepts only the ingest's own address, whatever X-Forwarded-For says", async () => {
    await resetClassB();
    process.env.TRUST_PROXY = '1';
    resetConfigForTests();
    try {
      const pub = { ...form, call: 'publish' };
      expect((await hook('publish', pub, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
      expect((await hook('publish', pub, '203.0.113.9', { 'x-real-ip': '127.0.0.1' })).status).toBe(403);
      // A peer header the sender wrote (without this process's secret) counts for nothing.
      const forged = new Request('http://127.0.0.1/api/live/ingest/publish', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-portal-peer': 'guess 127.0.0.1' },
        body: new URLSearchParams(pub).toString(),
      });
      expect((await handleIngestCallback(forged, 'publish')).status).toBe(403);
      expect((await hook('publish', pub, '::ffff:127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
      process.env.LIVE_INGEST_ALLOW = '10.1.2.3';
      resetConfigForTests();
      expect((await hook('update', pub, '127.0.0.1')).status).toBe(403);
      expect((await hook('update', pub, '10.1.2.3', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
      delete process.env.LIVE_INGEST_ALLOW;
      resetConfigForTests();
    }
  });
});
