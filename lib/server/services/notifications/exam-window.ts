/**
 * The scheduled reminder of exam windows (issue 25): every learner who joined an exam whose window opens within
 * EXAM_REMINDER_LEAD_MS (or is open and not yet submitted) is told once. The key `exam-window:<exam>` is unique per
 * learner in the table, so two instances, a rerun or the next tick never tell anyone twice.
 */
import { and, gt, lte, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { exams } from '@/lib/server/db/schema';
import { queueNotificationMails, type Inserted } from './notify';
import { examWindow } from './texts';

/** How long before its start an exam is announced. */
export const EXAM_REMINDER_LEAD_MS = 24 * 3600_000;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** One run: the number of messages written. `examIds` narrows it (tests that share a database). */
export async function runExamWindowReminders(now = new Date(), opts: { examIds?: number[] } = {}): Promise<number> {
  const d = await db();
  const due = await d
    .select()
    .from(exams)
    .where(
      and(
        lte(exams.startAt, new Date(now.getTime() + EXAM_REMINDER_LEAD_MS)),
        gt(exams.endAt, now),
        opts.examIds ? sql`${exams.id} = any(${`{${opts.examIds.map(Number).join(',')}}`}::int[])` : undefined,
      ),
    );
  let written = 0;
  for (const exam of due) {
    const n = examWindow(exam, now);
    // One statement per exam: its learners who have not submitted yet, the same text for each.
    const inserted = rowsOf<{ id: number; operator_id: number }>(
      await d.execute(sql`insert into notifications (operator_id, kind, title, body, link, dedupe_key)
        select j.operator_id, ${n.kind}, ${n.title}, ${n.body}, ${n.link}, ${n.dedupeKey}
        from exam_joins j
        where j.exam_id = ${exam.id}
          and not exists (select 1 from exam_replies r where r.exam_id = j.exam_id and r.operator_id = j.operator_id
            and r.submitted_at is not null)
        on conflict do nothing
        returning id, operator_id`),
    );
    const rows: Inserted[] = inserted.map((r) => ({ id: Number(r.id), operatorId: Number(r.operator_id) }));
    await queueNotificationMails(rows);
    written += rows.length;
  }
  return written;
}
