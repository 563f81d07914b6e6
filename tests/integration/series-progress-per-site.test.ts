/**
 * A series as each site lists it (QA: the party host said 已完成8/7门): the learner's finished count and the
 * certificate are over the courses the site shows for the series, as its page lists them. Runs on PGlite
 * (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { courseEnrolments, courses, operators, seriesCourses, seriesEnrolments } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { MSG_SERIES_UNFINISHED } from '@/lib/contract/learning';
import type { Site } from '@/lib/variants';

const party: Site = { variant: 'party', dx: false };
const { call } = testClient();

afterAll(() => closeDb());

it('on the party host a series counts and certifies the courses that host lists; the main host its own list', async () => {
  const d = await db();
  // A series published to both sites with a course that only the main site shows.
  const rows = await d
    .select({
      seriesId: seriesCourses.seriesId,
      courseId: seriesCourses.courseId,
      party: sql<boolean>`'party' = any(${courses.audiences})`,
    })
    .from(seriesCourses)
    .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
    .where(eq(courses.auditStatus, 1052));
  const bySeries = new Map<number, { courseId: number; party: boolean }[]>();
  for (const r of rows) bySeries.set(r.seriesId, [...(bySeries.get(r.seriesId) ?? []), r]);
  let seriesId = 0;
  for (const [id, list] of bySeries) {
    if (!list.some((c) => !c.party) || !list.some((c) => c.party)) continue;
    const onParty = await call('/api/recommendseries/detail', { id }, { site: party });
    if (onParty.code === 0) {
      seriesId = id;
      break;
    }
  }
  expect(seriesId).toBeGreaterThan(0);
  const all = bySeries.get(seriesId)!;

  // A learner of its own: the seeded accounts' series and certificates belong to the other suites.
  const [op] = await d
    .insert(operators)
    .values({ userId: `series-site-${Date.now()}`, name: '系列测试', passwordHash: 'x' })
    .returning({ id: operators.id });
  const token = await createSession(op.id);
  await d.insert(seriesEnrolments).values({ seriesId, operatorId: op.id }).onConflictDoNothing();
  // Every course of the series finished, the main-only one included.
  for (const c of all) {
    await d
      .insert(courseEnrolments)
      .values({ operatorId: op.id, courseId: c.courseId, finishedAt: new Date(), progress: 100 })
      .onConflictDoUpdate({
        target: [courseEnrolments.operatorId, courseEnrolments.courseId],
        set: { finishedAt: new Date(), progress: 100 },
      });
  }
  const partyList = (await call('/api/recommendseries/detail', { id: seriesId }, { site: party, token })).data.courses
    .length;
  const mainList = (await call('/api/recommendseries/detail', { id: seriesId }, { token })).data.courses.length;
  expect(partyList).toBeLessThan(mainList);
  expect((await call('/api/recommendseries/state', { seriesId }, { site: party, token })).data.finishedCount).toBe(
    partyList,
  );
  expect((await call('/api/recommendseries/state', { seriesId }, { token })).data.finishedCount).toBe(mainList);

  // The main-only course not finished: the main site still asks for it; the party site, which does not show it, certifies.
  const mainOnly = all.find((c) => !c.party)!.courseId;
  await d
    .update(courseEnrolments)
    .set({ finishedAt: null })
    .where(and(eq(courseEnrolments.operatorId, op.id), eq(courseEnrolments.courseId, mainOnly)));
  const refused = await call('/api/recommendseries/applicationCertificate', { seriesId }, { token });
  expect([refused.code !== 0, refused.msg]).toEqual([true, MSG_SERIES_UNFINISHED(1)]);
  const issued = await call('/api/recommendseries/applicationCertificate', { seriesId }, { site: party, token });
  expect(issued.code).toBe(0);
  expect(issued.data.certificateId).toBeGreaterThan(0);
});
