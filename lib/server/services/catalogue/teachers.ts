/** Teacher reads: the list and a teacher's page with their courses. */
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Page, TeacherCard } from '@/lib/contract/home';
import type { TeacherDetail } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { courses, teachers } from '@/lib/server/db/schema';
import { notShown } from '@/lib/server/errors';
import { richText } from '@/lib/server/rich-text';
import { ownAudienceFirst, visibleCourses, visibleTeachers } from '../audience';
import { type Scope } from '../scope';
import { teacherCardColumns } from '../cards';
import { courseCardFields, offset, page, toCourseItem, type Paging } from './shared';

export async function teacherList(scope: Scope, q: Paging & { type?: number }): Promise<Page<TeacherCard>> {
  const d = await db();
  const where = and(visibleTeachers(scope), q.type ? eq(teachers.type, q.type) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    d
      .select(teacherCardColumns)
      .from(teachers)
      .where(where)
      .orderBy(
        ownAudienceFirst(teachers.audiences, scope.site),
        desc(teachers.courseCount),
        asc(teachers.sort),
        asc(teachers.id),
      )
      .limit(q.pageSize)
      .offset(offset(q)),
    d.select({ n: count() }).from(teachers).where(where),
  ]);
  return page(rows, n, q);
}

export async function teacherDetail(scope: Scope, id: number): Promise<TeacherDetail> {
  const d = await db();
  const [row] = await d
    .select({ ...teacherCardColumns, field: teachers.field, intro: teachers.intro, gender: teachers.gender })
    .from(teachers)
    .where(and(eq(teachers.id, id), visibleTeachers(scope)));
  if (!row) throw notShown('教师');
  const list = await d
    .select(courseCardFields)
    .from(courses)
    .leftJoin(teachers, eq(teachers.id, courses.teacherId))
    .where(and(eq(courses.teacherId, id), visibleCourses(scope)))
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(24);
  const { intro, ...rest } = row;
  return { ...rest, introHtml: richText(intro), courses: list.map(toCourseItem) };
}
