/**
 * Certificates (SPEC 7: series certificate, train certificates). A series certificate is issued when every course
 * of the series is finished; a training project's when the learner's enrolment was approved and the project has
 * ended. Applying again returns the same certificate.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
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
  studyRecords,
  trains,
} from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { isTrainParticipant } from './train-participants';
import { visibleCourses } from '../audience';
import type { Scope } from '../scope';
import type { CertificateCheck } from '@/lib/contract/learning';
import { chinaDate } from '@/lib/format';
import { CERTIFICATE_MISSING_MSG } from '@/lib/learning/certificate-svg';
import { yearOf } from '../scope';
import { notifyCertificate } from '../notifications/events';
import { MSG_SERIES_NOT_FOUND } from '@/lib/contract/series-admin';
import {
  SERIES_NO_COURSES_MSG,
  MSG_SERIES_NOT_ENROLLED,
  MSG_TRAIN_NOT_APPROVED,
  MSG_TRAIN_NOT_ENDED,
  MSG_HOURS_YEAR,
  MSG_HOURS_NONE,
  MSG_SERIES_UNFINISHED,
} from '@/lib/contract/learning';
import { TRAIN_NOT_FOUND_MSG } from '@/lib/contract/catalogue';

type Kind = 'series' | 'train' | 'hours';
const SERIAL_PREFIX: Record<Kind, string> = { series: 'XL', train: 'PX', hours: 'XS' };

function serialNo(kind: Kind, refId: number, operatorId: number, year: number): string {
  return `${SERIAL_PREFIX[kind]}${year}${String(refId).padStart(4, '0')}${String(operatorId).padStart(6, '0')}`;
}

/**
 * A verification code: 16 characters of an alphabet without look-alikes (0/O, 1/I/L), about 80 bits from the
 * system's secure random source, so it cannot be guessed, unlike the serial number, which is made of public facts.
 */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const VERIFY_CODE_LENGTH = 16;
export function newVerifyCode(): string {
  return Array.from({ length: VERIFY_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

async function issue(operatorId: number, kind: Kind, refId: number, title: string, hours: number, now: Date) {
  const d = await db();
  const issued = await d
    .insert(certificates)
    .values({
      operatorId,
      kind,
      refId,
      title,
      hours,
      serialNo: serialNo(kind, refId, operatorId, chinaDate(now).year),
      issuedAt: now,
      verifyCode: newVerifyCode(),
    })
    .onConflictDoNothing()
    .returning({ title: certificates.title, serialNo: certificates.serialNo });
  if (issued[0]) await notifyCertificate(operatorId, issued[0]);
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
  if (!s) throw new ServiceError(MSG_SERIES_NOT_FOUND);
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
  if (list.length === 0) throw new ServiceError(SERIES_NO_COURSES_MSG);
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
  if (!t) throw new ServiceError(TRAIN_NOT_FOUND_MSG);
  if (!(await isTrainParticipant(operatorId, trainId))) throw new ServiceError(MSG_TRAIN_NOT_APPROVED);
  if (t.endAt > now) throw new ServiceError(MSG_TRAIN_NOT_ENDED);
  return issue(operatorId, 'train', trainId, t.title, t.hours, now);
}

/**
 * A year's study hours (学时证明): for a year that has ended, whose figures are final, so that the certificate and
 * what its verification page shows never disagree.
 */
export async function applyHoursCertificate(operatorId: number, year: number, now: Date = new Date()) {
  if (year >= yearOf(now)) throw new ServiceError(MSG_HOURS_YEAR);
  const d = await db();
  const [row] = await d
    .select({ seconds: sql<string>`coalesce(sum(${studyRecords.seconds}), 0)` })
    .from(studyRecords)
    .where(and(eq(studyRecords.operatorId, operatorId), eq(studyRecords.year, year)));
  const hours = Math.round(Number(row?.seconds ?? 0) / 3600);
  if (hours <= 0) throw new ServiceError(MSG_HOURS_NONE);
  return issue(operatorId, 'hours', year, `${year}年度学时证明`, hours, now);
}

const detailColumns = {
  id: certificates.id,
  kind: certificates.kind,
  refId: certificates.refId,
  title: certificates.title,
  serialNo: certificates.serialNo,
  hours: certificates.hours,
  issuedAt: certificates.issuedAt,
  verifyCode: certificates.verifyCode,
  revokedAt: certificates.revokedAt,
  revokedReason: certificates.revokedReason,
  operatorName: operators.name,
  orgName: sql<string>`coalesce(${orgs.name}, '')`,
};

/** Certificates issued before verification codes existed get theirs when first shown. */
async function withVerifyCode<T extends { id: number; verifyCode: string | null }>(
  row: T,
): Promise<T & { verifyCode: string }> {
  if (row.verifyCode) return row as T & { verifyCode: string };
  const d = await db();
  await d
    .update(certificates)
    .set({ verifyCode: newVerifyCode() })
    .where(and(eq(certificates.id, row.id), isNull(certificates.verifyCode)));
  const [fresh] = await d
    .select({ verifyCode: certificates.verifyCode })
    .from(certificates)
    .where(eq(certificates.id, row.id));
  return { ...row, verifyCode: fresh.verifyCode! };
}

/** One certificate with its holder and unit, or 证书不存在. */
async function detailWhere(where: SQL | undefined) {
  const [row] = await (
    await db()
  )
    .select(detailColumns)
    .from(certificates)
    .innerJoin(operators, eq(operators.id, certificates.operatorId))
    .leftJoin(orgs, eq(orgs.id, operators.orgId))
    .where(where);
  if (!row) throw new ServiceError(CERTIFICATE_MISSING_MSG);
  return row;
}

export async function certificateDetail(operatorId: number, certificateId: number) {
  const row = await detailWhere(and(eq(certificates.id, certificateId), eq(certificates.operatorId, operatorId)));
  const c = await withVerifyCode(row);
  return { ...c, issuedAt: c.issuedAt.toISOString(), revokedAt: c.revokedAt?.toISOString() ?? null };
}

/**
 * The public check of a verification code: whose certificate, what for, the hours, the date, whether revoked. A code
 * that matches nothing tells nothing but 证书不存在 (the same for a malformed one).
 */
export async function verifyCertificate(code: string): Promise<CertificateCheck> {
  const normalised = code.trim().toUpperCase();
  if (normalised.length !== VERIFY_CODE_LENGTH || [...normalised].some((ch) => !CODE_ALPHABET.includes(ch)))
    throw new ServiceError(CERTIFICATE_MISSING_MSG);
  const row = await detailWhere(eq(certificates.verifyCode, normalised));
  return {
    operatorName: row.operatorName,
    orgName: row.orgName,
    kind: row.kind as CertificateCheck['kind'],
    title: row.title,
    hours: row.hours,
    serialNo: row.serialNo,
    issuedAt: row.issuedAt.toISOString(),
    revoked: row.revokedAt !== null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
  };
}

/** Revokes a certificate (an administrator's act): its verification page says so from then on. */
export async function revokeCertificate(certificateId: number, reason: string, now: Date = new Date()) {
  const d = await db();
  await d.update(certificates).set({ revokedAt: now, revokedReason: reason }).where(eq(certificates.id, certificateId));
}
