/**
 * Test hook of the learning benchmark (scripts/bench/learning.mjs), answered only when PORTAL_TEST_HOOKS=1 (like the
 * captcha answer hook): sessions for N seeded learners who have chosen one course, the count of their accepted
 * heartbeats in the database, and where the server's memory is. Never set PORTAL_TEST_HOOKS in production.
 */
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import { db } from '../db';
import { courseChapters, courseEnrolments, courses, operators } from '../db/schema';
import { ServiceError } from '@/lib/server/errors';
import { CODE_NOT_FOUND } from '@/lib/server/errors';
import { MSG_NOT_FOUND } from '@/lib/contract/messages';
import { CLIPS } from '../services/media/demo-media';
import { countSubmits } from '../services/learning/study-progress';
import { createSession } from '../services/accounts/sessions';
import { config } from '../config';

const DEMO = ['learner', 'teacher', 'manager', 'party', 'student', 'newbie'];

export function hooksOn(): boolean {
  return config().PORTAL_TEST_HOOKS;
}

export async function benchHook(input: {
  action: 'setup' | 'count' | 'memory';
  count?: number;
  operatorIds?: number[];
}) {
  if (!hooksOn()) throw new ServiceError(MSG_NOT_FOUND, CODE_NOT_FOUND);
  if (input.action === 'memory') {
    // Where the server's memory is, in MB: the JS heap, memory outside it (WebAssembly, buffers), resident total.
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    // With --expose-gc (BENCH_NODE_ARGS), also what is live after a full collection: garbage or a leak.
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const live = gc ? mb(process.memoryUsage().heapUsed) : null;
    return {
      rss: mb(m.rss),
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      heapLive: live,
    };
  }
  const d = await db();
  if (input.action === 'count') return { accepted: await countSubmits(input.operatorIds ?? []) };
  const want = input.count ?? 500;
  const pick = () =>
    d
      .select({ id: operators.id })
      .from(operators)
      .where(not(inArray(operators.userId, DEMO)))
      .orderBy(asc(operators.id))
      .limit(want);
  let people = await pick();
  if (people.length < want) {
    // The seed has fewer learners: add bench-only accounts that cannot sign in (no usable password).
    const missing = want - people.length;
    await d
      .insert(operators)
      .values(
        Array.from({ length: missing }, (_, i) => ({
          userId: `bench-${Date.now().toString(36)}-${i}`,
          name: `压测学员${i + 1}`,
          passwordHash: '!',
        })),
      )
      .onConflictDoNothing();
    people = await pick();
  }
  const [course] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.auditStatus, 1052),
        sql`exists (select 1 from course_chapters c where c.course_id = ${courses.id} and c.media = 'demo-3')`,
      ),
    )
    .orderBy(asc(courses.id))
    .limit(1);
  const [chapter] = await d
    .select({ id: courseChapters.id, media: courseChapters.media })
    .from(courseChapters)
    .where(and(eq(courseChapters.courseId, course.id), eq(courseChapters.media, 'demo-3')))
    .limit(1);
  await d
    .insert(courseEnrolments)
    .values(people.map((p) => ({ operatorId: p.id, courseId: course.id })))
    .onConflictDoNothing();
  const learners = [];
  for (const p of people) learners.push({ operatorId: p.id, token: await createSession(p.id) });
  return { courseId: course.id, chapterId: chapter.id, duration: CLIPS[chapter.media].duration, learners };
}
