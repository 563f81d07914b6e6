/**
 * Demo data of the spaces domain; runs inside the seed transaction after the core catalogue and people.
 * Deterministic: fixed picks, dates from ctx.clock. The demo teacher (teacher 1) has fans and comments;
 * the learner follows them; three series make up the new-employee training; the learner's approved
 * training applications can be assessed.
 */
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import {
  courses,
  newEmployeeSeries,
  operators,
  series,
  spaceComments,
  spaceFollows,
  spaceTops,
  trainApplications,
  trains,
} from '../../db/schema';
import { insertAll } from '../util';
import type { SeedContext } from './context';

const COMMENTS = [
  '老师讲得深入浅出，受益匪浅！',
  '课程内容很实用，期待更多更新。',
  '案例分析部分特别精彩，谢谢老师。',
  '请问课件可以下载吗？',
  '听完之后对科研管理有了新的认识。',
];

export async function seedSpaces(ctx: SeedContext): Promise<void> {
  const { db, clock, catalogue, demoOperatorIds } = ctx;
  const teacherId = catalogue.teachers[0]?.id;
  const learner = demoOperatorIds.learner;
  if (!teacherId || !learner) return;
  const fans = await db
    .select({ id: operators.id })
    .from(operators)
    // Generated learners only (u0001...): the demo accounts start with a clean slate.
    .where(notInArray(operators.id, Object.values(demoOperatorIds)))
    .orderBy(asc(operators.id))
    .limit(12);
  const at = (minutesAgo: number) => new Date(clock.now.getTime() - minutesAgo * 60_000);
  await insertAll(db, spaceFollows, [
    ...fans.slice(6).map((f, i) => ({
      followerId: f.id,
      targetKind: 'teacher' as const,
      targetId: teacherId,
      createdAt: at(5000 - i * 60),
    })),
    {
      followerId: learner,
      targetKind: 'teacher' as const,
      targetId: catalogue.teachers[1]?.id ?? teacherId,
      createdAt: at(3000),
    },
    { followerId: learner, targetKind: 'org' as const, targetId: ctx.orgs[0].id, createdAt: at(2900) },
  ]);
  await insertAll(
    db,
    spaceComments,
    COMMENTS.map((content, i) => ({
      targetKind: 'teacher' as const,
      targetId: teacherId,
      authorId: fans[i % fans.length].id,
      content,
      createdAt: at(4000 - i * 120),
    })),
  );
  // The pinned course is one the teacher teaches: a space pins only its own or studied courses (saveTop).
  const [own] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(eq(courses.teacherId, teacherId), eq(courses.auditStatus, 1052), sql`'general' = any(${courses.audiences})`),
    )
    .orderBy(asc(courses.id))
    .limit(1);
  if (own)
    await insertAll(db, spaceTops, [
      { ownerKind: 'teacher', ownerId: teacherId, itemType: 'course', itemId: own.id, createdAt: at(100) },
    ]);

  // New-employee training: three series, the first two required.
  const picked = await db.select({ id: series.id }).from(series).orderBy(asc(series.id)).limit(3);
  await insertAll(
    db,
    newEmployeeSeries,
    picked.map((s, i) => ({ seriesId: s.id, sort: i + 1, required: i < 2 })),
  );

  // The learner and the manager took part in two past training projects (approved), so /assess has something to assess.
  const past = catalogue.pastTrainIds.slice(0, 2);
  for (const who of [learner, demoOperatorIds.manager].filter((x): x is number => !!x)) {
    if (!past.length) break;
    const existing = await db
      .select({ trainId: trainApplications.trainId })
      .from(trainApplications)
      .where(and(eq(trainApplications.operatorId, who), inArray(trainApplications.trainId, past)));
    const have = new Set(existing.map((e) => e.trainId));
    const open = await db.select({ id: trains.id }).from(trains).where(inArray(trains.id, past));
    await insertAll(
      db,
      trainApplications,
      open
        .filter((t) => !have.has(t.id))
        .map((t) => ({
          trainId: t.id,
          operatorId: who,
          status: 7,
          createdAt: at(60 * 24 * 30),
          reviewedAt: at(60 * 24 * 29),
        })),
    );
  }
}
