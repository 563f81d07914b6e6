/**
 * The direct lane (lib/server/lanes/direct-lane): heartbeats reach the endpoint table from Node's HTTP server without
 * Next.js's router, with the same answers and the same response headers; everything else still goes to Next.js
 * (here a stand-in listener that answers {"next": true}).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { courseChapters, courseEnrolments, courses, operators, studySubmits } from '@/lib/server/db/schema';
import { closeDirectLane, openDirectLane, serveDirect } from '@/lib/server/lanes/direct-lane';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { directPaths } from '@/lib/server/http/dispatch';
import { CODE_TOO_LARGE } from '@/lib/server/errors';
import { MAX_JSON_BYTES } from '@/lib/server/http/envelope';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_SESSION_NONE, MSG_TOO_LARGE } from '@/lib/contract/messages';
import SECURITY_HEADERS from '@/lib/security-headers.json';

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveDirect(req, res)) return;
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ next: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  openDirectLane(handleApiRequest, directPaths());
});

afterAll(async () => {
  closeDirectLane();
  await new Promise((resolve) => server.close(resolve));
  await closeDb();
});

const send = (
  path: string,
  init: { method?: string; body?: string | ReadableStream<Uint8Array>; headers?: Record<string, string> } = {},
) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', host: 'localhost:3000', ...init.headers },
    body: init.body,
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);

/** A well-formed heartbeat (schema-valid), sent without a session. */
const ANONYMOUS = JSON.stringify({
  submitId: 'lane-anonymous',
  courseId: 1,
  chapterId: 1,
  position: 0,
  from: 0,
  to: 0,
  watched: 0,
});

/** A fresh learner who has chosen a published course: a session token and a heartbeat for its first chapter. */
async function learnerWithCourse() {
  const d = await db();
  const [op] = await d
    .insert(operators)
    .values({
      userId: `lane${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
      name: '心跳测试',
      passwordHash: 'x',
      isActivated: true,
    })
    .returning({ id: operators.id });
  // A seeded chapter of a published course (a demo clip of minutes): other files of the suite add courses of their own,
  // such as documents without a length, and on PostgreSQL they share this database.
  const [chapter] = await d
    .select({ id: courseChapters.id, courseId: courseChapters.courseId })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(and(eq(courses.auditStatus, 1052), sql`${courseChapters.media} like 'demo-%'`))
    .orderBy(asc(courseChapters.id))
    .limit(1);
  const course = { id: chapter.courseId };
  await d.insert(courseEnrolments).values({ operatorId: op.id, courseId: course.id });
  const token = await createSession(op.id);
  const submitId = `lane-${Date.now().toString(36)}`;
  return {
    operatorId: op.id,
    token,
    submitId,
    heartbeat: { submitId, courseId: course.id, chapterId: chapter.id, position: 10, from: 0, to: 10, watched: 10 },
  };
}

describe('the direct lane', () => {
  it('takes a heartbeat: the envelope of the endpoint table, the headers of every response, the submit stored', async () => {
    const { operatorId, token, submitId, heartbeat } = await learnerWithCourse();
    const res = await send('/api/study/submit', {
      body: JSON.stringify(heartbeat),
      headers: { 'x-access-token': token },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    for (const { key, value } of SECURITY_HEADERS) expect(res.headers.get(key)).toBe(value);
    const body = await res.json();
    expect(body).toMatchObject({ code: 0, msg: 'success' });
    expect(body.next).toBeUndefined();
    const rows = await (
      await db()
    )
      .select()
      .from(studySubmits)
      .where(and(eq(studySubmits.operatorId, operatorId), eq(studySubmits.submitId, submitId)));
    expect(rows).toHaveLength(1);
    // the same submit again is answered, not counted twice
    expect(
      (
        await (
          await send('/api/study/submit', { body: JSON.stringify(heartbeat), headers: { 'x-access-token': token } })
        ).json()
      ).code,
    ).toBe(0);
    expect(
      await (
        await db()
      )
        .select()
        .from(studySubmits)
        .where(and(eq(studySubmits.operatorId, operatorId), eq(studySubmits.submitId, submitId))),
    ).toHaveLength(1);
  });

  it('answers what the route handler answers: no session, bad JSON, a query string', async () => {
    const none = await (await send('/api/study/submit?t=1', { body: ANONYMOUS })).json();
    expect(none.code).toBe(CODE_SESSION_NONE);
    const bad = await send('/api/study/submit', { body: '{"submitId":' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).not.toBe(0);
  });

  it('refuses a body over the limit sent without a length, and the connection stays usable', async () => {
    const big = new TextEncoder().encode(`{"pad":"${'x'.repeat(MAX_JSON_BYTES)}"}`);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < big.length; i += 16384) c.enqueue(big.subarray(i, i + 16384));
        c.close();
      },
    });
    const res = await send('/api/study/submit', { body: stream });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: CODE_TOO_LARGE, msg: MSG_TOO_LARGE });
    expect((await (await send('/api/study/submit', { body: ANONYMOUS })).json()).code).toBe(CODE_SESSION_NONE);
  });

  it("takes the calls that bring a learner's part of the cached player and personal centre", async () => {
    const { token, heartbeat } = await learnerWithCourse();
    const progress = await (
      await send('/api/course/progress', {
        body: JSON.stringify({ courseId: heartbeat.courseId }),
        headers: { 'x-access-token': token },
      })
    ).json();
    expect(progress).toMatchObject({
      code: 0,
      data: { courseId: heartbeat.courseId, chosen: true, favourite: false, owner: false },
    });
    const archive = await (
      await send('/api/personal/archive', {
        body: JSON.stringify({ section: 'archive' }),
        headers: { 'x-access-token': token },
      })
    ).json();
    expect(archive).toMatchObject({ code: 0, data: { positionLevel: 0, required: { online: 50, offline: 90 } } });
    expect((await (await send('/api/personal/archive', { body: '{}' })).json()).code).toBe(CODE_SESSION_NONE);
    expect(
      (
        await (
          await send('/api/course/favouriteState', {
            body: JSON.stringify({ courseId: heartbeat.courseId }),
            headers: { 'x-access-token': token },
          })
        ).json()
      ).data,
    ).toMatchObject({ favourite: false });
  });

  it('leaves everything else to Next.js: other paths, other methods, and all of it once the lane is closed', async () => {
    expect(await (await send('/api/study/benchHook', { body: '{}' })).json()).toEqual({ next: true });
    expect(await (await send('/api/course/choose', { body: '{}' })).json()).toEqual({ next: true });
    expect(await (await send('/api/study/submit/', { body: '{}' })).json()).toEqual({ next: true });
    expect(await (await send('/api/study/submit', { method: 'GET' })).json()).toEqual({ next: true });
    closeDirectLane();
    try {
      expect(await (await send('/api/study/submit', { body: '{}' })).json()).toEqual({ next: true });
    } finally {
      openDirectLane(handleApiRequest, directPaths());
    }
  });
});
