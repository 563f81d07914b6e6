/**
 * The weekly reminder of missing hours (issue 25), October to December (China time): each learner short of SPEC 1's
 * requirement this year is told their figures, at most once a calendar week. The shortfall is the unit report's own
 * computation (learnerBatches over every organisation, not met), read in batches. The key
 * `hours-short:<ISO week>` is unique per learner in the table, so a rerun or a second instance sends nothing twice;
 * a finished round is recorded so that the later ticks of the week skip the scan.
 */
import { eq } from 'drizzle-orm';
import { chinaDate } from '@/lib/format';
import { db } from '@/lib/server/db';
import { notificationRounds } from '@/lib/server/db/schema';
import { learnerBatches, yearTarget } from '../management/unit-report';
import { notifyEach } from './notify';
import { hoursShort } from './texts';

/** The months (1-12, China time) in which the reminder runs: the year's last quarter. */
export const HOURS_REMINDER_MONTHS = [10, 11, 12];

const DAY = 86_400_000;

/** The ISO week of the China date of `now`, e.g. 2026-W48 (weeks start on Monday). */
export function isoWeek(now: Date): string {
  const { year, month, day } = chinaDate(now);
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the ISO year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const isoYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(isoYear, 0, 1)) / DAY + 1) / 7);
  return `${isoYear}-W${String(week).padStart(2, '0')}`;
}

/**
 * One run: the number of messages written. `operatorIds` narrows it to those learners (tests sharing a database)
 * and leaves the round unrecorded.
 */
export async function runHoursReminders(now = new Date(), opts: { operatorIds?: number[] } = {}): Promise<number> {
  const { year, month, day } = chinaDate(now);
  if (!HOURS_REMINDER_MONTHS.includes(month)) return 0;
  const key = `hours-short:${isoWeek(now)}`;
  const d = await db();
  if (!opts.operatorIds) {
    const [done] = await d.select().from(notificationRounds).where(eq(notificationRounds.key, key));
    if (done) return 0;
  }
  const only = opts.operatorIds ? new Set(opts.operatorIds) : null;
  const daysLeft = Math.round((Date.UTC(year, 11, 31) - Date.UTC(year, month - 1, day)) / DAY) + 1;
  let written = 0;
  for await (const batch of learnerBatches(yearTarget(year, { met: false }))) {
    const rows = only ? batch.filter((r) => only.has(r.operatorId)) : batch;
    const inserted = await notifyEach(
      rows.map((r) => ({ operatorId: r.operatorId, ...hoursShort(r, year, daysLeft, key) })),
    );
    written += inserted.length;
  }
  if (!opts.operatorIds) await d.insert(notificationRounds).values({ key }).onConflictDoNothing();
  return written;
}
