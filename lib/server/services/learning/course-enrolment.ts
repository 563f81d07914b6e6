/**
 * A learner's choice of a course (选学, SPEC 8 trial notice) and their state in it. Shared by the catalogue
 * (the 选学 / 开始学习 buttons of /course/detail) and the player (resume, trial limit): both call these.
 */
import { and, eq, sql } from 'drizzle-orm';
import { db } from '@/lib/server/db';
import { courseEnrolments, courses } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { revalidateCourse } from '../catalogue/revalidate';
import type { CourseState } from '@/lib/contract/learning';
import { MSG_SERIES_COURSE_NOT_FOUND } from '@/lib/contract/series-admin';

const NOT_CHOSEN = (courseId: number): CourseState => ({
  courseId,
  chosen: false,
  progress: 0,
  lastChapterId: null,
  lastPosition: 0,
  studiedSeconds: 0,
  finished: false,
});

export async function courseState(operatorId: number | null, courseId: number): Promise<CourseState> {
  if (operatorId == null) return NOT_CHOSEN(courseId);
  const d = await db();
  const [row] = await d
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
  if (!row) return NOT_CHOSEN(courseId);
  return {
    courseId,
    chosen: true,
    progress: row.progress,
    lastChapterId: row.lastChapterId,
    lastPosition: row.lastPosition,
    studiedSeconds: row.studiedSeconds,
    finished: row.finishedAt != null,
  };
}

/** 选学: idempotent; counts the learner once in the course's study count. */
export async function chooseCourse(operatorId: number, courseId: number): Promise<CourseState> {
  const d = await db();
  const [course] = await d
    .select({ id: courses.id, auditStatus: courses.auditStatus })
    .from(courses)
    .where(eq(courses.id, courseId));
  if (!course || course.auditStatus !== 1052) throw new ServiceError(MSG_SERIES_COURSE_NOT_FOUND);
  const inserted = await d
    .insert(courseEnrolments)
    .values({ operatorId, courseId })
    .onConflictDoNothing()
    .returning({ courseId: courseEnrolments.courseId });
  if (inserted.length > 0) {
    await d
      .update(courses)
      .set({ studyCount: sql`${courses.studyCount} + 1` })
      .where(eq(courses.id, courseId));
    await revalidateCourse(courseId);
  }
  return courseState(operatorId, courseId);
}
