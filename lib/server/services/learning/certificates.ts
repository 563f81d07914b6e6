/**
 * Certificates (SPEC 7: series certificate, train certificates). A series certificate is issued when every course
 * of the series is finished; a training project's when the learner's enrolment was approved and the project has
 * ended. Applying again returns the same certificate.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import {
  certificates,
  courseEnrolments,
  courses,
  operators,
  orgs,
  series,
  seriesCourses,
  seriesEnrolments,
  trains,
} from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/http/errors';
import { isTrainParticipant } from './train-participants';
import { visibleCourses } from '../audience';
import type { Scope } from '../scope';
import { chinaDate } from '@/lib/format';

export const MSG_SERIES_UNFINISHED = (left: number) => `您还有${left}门课程未学完，学完系列全部课程后方可申请证书`;
export const MSG_SERIES_NOT_ENROLLED = '请先报名加入该系列专题，学完全部课程后再申请证书';
export const MSG_TRAIN_NOT_APPROVED = '您未通过该培训项目的报名审核，不能申请证书';
export const MSG_TRAIN_NOT_ENDED = '培训项目尚未结束，结束后方可申请证书';

function serialNo(kind: 'series' | 'train', refId: number, operatorId: number, year: number): string {
  return `${kind === 'series' ? 'XL' : 'PX'}${year}${String(refId).padStart(4, '0')}${String(operatorId).padStart(6, '0')}`;
}

async function issue(
  operatorId: number,
  kind: 'series' | 'train',
  refId: number,
  title: string,
  hours: number,
  now: Date,
) {
  const d = await db();
  await d
    .insert(certificates)
    .values({
      operatorId,
      kind,
      refId,
      title,
      hours,
      serialNo: serialNo(kind, refId, operatorId, chinaDate(now).year),
      issuedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await d
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.operatorId, operatorId), eq(certificates.kind, kind), eq(certificates.refId, refId)));
  return { certificateId: row.id };
}

/** A series' certificate: for the learner who finished every course this site lists for it (as its page shows them). */
export async function applySeriesCertificate(
  scope: Scope,
  operatorId: number,
  seriesId: number,
  now: Date = new Date(),
) {
  const d = await db();
  const [s] = await d.select({ id: series.id, title: series.title }).from(series).where(eq(series.id, seriesId));
  if (!s) throw new ServiceError('系列专题不存在');
  const [enrolled] = await d
    .select({ at: seriesEnrolments.createdAt })
    .from(seriesEnrolments)
    .where(and(eq(seriesEnrolments.seriesId, seriesId), eq(seriesEnrolments.operatorId, operatorId)));
  if (!enrolled) throw new ServiceError(MSG_SERIES_NOT_ENROLLED);
  const list = await d
    .select({ courseId: seriesCourses.courseId, duration: courses.durationSeconds })
    .from(seriesCourses)
    .innerJoin(courses, eq(courses.id, seriesCourses.courseId))
    .where(and(eq(seriesCourses.seriesId, seriesId), visibleCourses(scope)));
  if (list.length === 0) throw new ServiceError('该系列专题暂无课程');
  const done = await d
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.operatorId, operatorId),
        inArray(
          courseEnrolments.courseId,
          list.map((c) => c.courseId),
        ),
        isNotNull(courseEnrolments.finishedAt),
      ),
    );
  const left = list.length - done.length;
  if (left > 0) throw new ServiceError(MSG_SERIES_UNFINISHED(left));
  const hours = Math.max(1, Math.round(list.reduce((a, c) => a + c.duration, 0) / 3600));
  return issue(operatorId, 'series', seriesId, s.title, hours, now);
}

export async function applyTrainCertificate(operatorId: number, trainId: number, now: Date = new Date()) {
  const d = await db();
  const [t] = await d
    .select({ id: trains.id, title: trains.title, hours: trains.hours, endAt: trains.endAt })
    .from(trains)
    .where(eq(trains.id, trainId));
  if (!t) throw new ServiceError('培训项目不存在');
  if (!(await isTrainParticipant(operatorId, trainId))) throw new ServiceError(MSG_TRAIN_NOT_APPROVED);
  if (t.endAt > now) throw new ServiceError(MSG_TRAIN_NOT_ENDED);
  return issue(operatorId, 'train', trainId, t.title, t.hours, now);
}

export async function certificateDetail(operatorId: number, certificateId: number) {
  const d = await db();
  const [row] = await d
    .select({
      id: certificates.id,
      kind: certificates.kind,
      refId: certificates.refId,
      title: certificates.title,
      serialNo: certificates.serialNo,
      hours: certificates.hours,
      issuedAt: certificates.issuedAt,
      operatorName: operators.name,
      orgName: sql<string>`coalesce(${orgs.name}, '')`,
    })
    .from(certificates)
    .innerJoin(operators, eq(operators.id, certificates.operatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(and(eq(certificates.id, certificateId), eq(certificates.operatorId, operatorId)));
  if (!row) throw new ServiceError('证书不存在');
  return { ...row, issuedAt: row.issuedAt.toISOString() };
}
