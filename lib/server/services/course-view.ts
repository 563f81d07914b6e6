/**
 * What the player shows besides the video (SPEC 7 course: chapter, progress, self test, reviews, summaries)
 * and favourites (收藏 of a course, listed in the personal centre).
 */
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { maskName } from '@/lib/format';
import { db } from '../db';
import { courseChapters, courseNotes, courseReviews, courses, favourites, operators, teachers } from '../db/schema';
import { ServiceError } from '../errors';
import { chapterDuration, clipFor, trialSeconds } from '../media';
import { uploadedDocumentOf, uploadedMediaOf, uploadedTrialSeconds } from './uploaded-media';
import { AI_SUBTITLE_PREFIX, aiSubtitlesConfigured } from './ai-subtitles';
import { courseState } from './course-enrolment';
import { visibleCourses } from './catalogue';
import type { Scope } from './home';
import { chapterProgressOf } from './study-progress';
import { chapterFor } from './media-stream';
import type { EndpointContext } from '../endpoint';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import type { CourseView, CourseProgressView, SelfTest, SelfTestResult, CourseNote } from '@/lib/learning/types';
import { selfTestProblemText, selfTestProblems } from '@/lib/learning/self-test-rules';
import { richTextAsText } from '../rich-text';

export const MSG_COURSE_MISSING = '课程不存在或未发布';

/** The player's course: only a course published to the host's audience (as its detail page), else 课程不存在或未发布. */
export async function courseView(scope: Scope, courseId: number): Promise<CourseView> {
  const d = await db();
  // The course and its chapters at once (independent reads).
  const [[course], chapters] = await Promise.all([
    d
      .select({
        id: courses.id,
        title: courses.title,
        summary: courses.summary,
        cover: courses.cover,
        categoryCode: courses.categoryCode,
        teacherName: sql<string>`coalesce(${teachers.name}, '')`,
      })
      .from(courses)
      .leftJoin(teachers, eq(teachers.id, courses.teacherId))
      .where(and(eq(courses.id, courseId), visibleCourses(scope))),
    d.select().from(courseChapters).where(eq(courseChapters.courseId, courseId)).orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
  ]);
  if (!course) throw new ServiceError(MSG_COURSE_MISSING);
  return {
    id: course.id,
    title: course.title,
    summary: richTextAsText(course.summary),
    cover: course.cover,
    teacherName: course.teacherName,
    trialSeconds: COURSE_TRIAL_SECONDS,
    aiSubtitles: aiSubtitlesConfigured(),
    chapters: await Promise.all(
      chapters.map(async (c) => {
        const clip = clipFor(c.media);
        // A video uploaded in the creation centre plays too, for its declared length; a document is viewed or downloaded.
        const uploaded = clip ? null : await uploadedMediaOf(c.media);
        const doc = clip || uploaded ? null : await uploadedDocumentOf(c.media);
        return {
          id: c.id,
          sort: c.sort,
          title: c.title,
          kind: doc ? ('document' as const) : ('video' as const),
          fileName: doc ? doc.originalName || `${doc.md5}.${doc.ext}` : '',
          fileSize: doc?.size ?? 0,
          duration: doc ? 0 : chapterDuration(c.media, c.durationSeconds),
          trialSeconds: clip ? trialSeconds(clip) : uploaded ? uploadedTrialSeconds(c.durationSeconds) : 0,
          playable: clip != null || uploaded != null,
          mediaType: clip ? clip.type : (uploaded?.mime ?? ''),
          hasSubtitle: !!c.subtitle && (clipFor(c.subtitle) != null || c.subtitle.startsWith(AI_SUBTITLE_PREFIX)),
        };
      }),
    ),
  };
}

export async function courseProgressView(operatorId: number | null, courseId: number): Promise<CourseProgressView> {
  // The reads at once; the chapters' progress is shown only to a learner who chose the course.
  const [state, progress, myReview, owner] = await Promise.all([
    courseState(operatorId, courseId),
    operatorId != null ? chapterProgressOf(operatorId, courseId) : Promise.resolve([]),
    operatorId != null ? reviewOf(operatorId, courseId) : null,
    operatorId != null ? teachesCourse(operatorId, courseId) : false,
  ]);
  return { ...state, owner, chapters: state.chosen ? progress : [], myReview };
}

/** Whether the learner is the course's own teacher: its creator, or the teacher it is given under (as chapterFor decides). */
async function teachesCourse(operatorId: number, courseId: number): Promise<boolean> {
  const d = await db();
  const [row] = await d
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), or(eq(courses.creatorId, operatorId), sql`${courses.teacherId} = (select ${operators.tchrId} from ${operators} where ${operators.id} = ${operatorId})`)));
  return !!row;
}

/** The learner's own review of a course (one per learner, see saveNote), or null. */
async function reviewOf(operatorId: number, courseId: number): Promise<CourseProgressView['myReview']> {
  const d = await db();
  const [row] = await d
    .select({ id: courseReviews.id, score: courseReviews.score, content: courseReviews.content, createdAt: courseReviews.createdAt })
    .from(courseReviews)
    .where(and(eq(courseReviews.operatorId, operatorId), eq(courseReviews.courseId, courseId)));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/* ---------- Self test after a chapter: three questions made from the chapter itself ---------- */

interface SelfTestQuestionFull {
  id: number;
  type: 'judge' | 'single';
  stem: string;
  options: string[];
  answer: number;
}

/** Who asks for a self test: a course not in the host's catalogue is for those who review it only (as its media). */
type Viewer = Pick<EndpointContext, 'site' | 'user'>;

async function chapterOf(chapterId: number, viewer: Viewer) {
  if (!(await chapterFor(viewer.site, viewer.user, chapterId))) throw new ServiceError('章节不存在');
  const d = await db();
  const [row] = await d
    .select({ id: courseChapters.id, title: courseChapters.title, courseId: courseChapters.courseId, courseTitle: courses.title })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  if (!row) throw new ServiceError('章节不存在');
  return row;
}

function selfTestQuestions(ch: { id: number; title: string; courseTitle: string }): SelfTestQuestionFull[] {
  const topic = ch.title.replace(/^第.+?讲\s*/, '');
  const base = [ch.courseTitle, '党史概论', '数据结构', '大学英语'];
  const k = ch.id % base.length;
  const options = [...base.slice(k), ...base.slice(0, k)];
  return [
    { id: 1, type: 'judge', stem: `本讲的主题是“${topic}”。`, options: ['正确', '错误'], answer: 0 },
    { id: 2, type: 'single', stem: '本讲属于哪门课程？', options, answer: options.indexOf(ch.courseTitle) },
    { id: 3, type: 'judge', stem: '学完一讲后应结合工作实际进行思考与总结。', options: ['正确', '错误'], answer: 0 },
  ];
}

export async function selfTest(chapterId: number, viewer: Viewer): Promise<SelfTest> {
  const ch = await chapterOf(chapterId, viewer);
  return { chapterId, questions: selfTestQuestions(ch).map((q) => ({ id: q.id, type: q.type, stem: q.stem, options: q.options })) };
}

export async function selfTestSubmit(chapterId: number, answers: Record<string, number>, viewer: Viewer): Promise<SelfTestResult> {
  const ch = await chapterOf(chapterId, viewer);
  const qs = selfTestQuestions(ch);
  // Nothing is scored (and no answer revealed) until every question is answered.
  const problems = selfTestProblems(qs, answers);
  if (problems.length) throw new ServiceError(selfTestProblemText(problems));
  const results = qs.map((q) => ({ id: q.id, correct: answers[String(q.id)] === q.answer, answer: q.answer }));
  return { chapterId, total: qs.length, correct: results.filter((r) => r.correct).length, results };
}

/* ---------- Reviews (one per learner, rated 1-5) and summaries (学习心得) ---------- */

/** Summaries (学习心得); reviews are listed by the catalogue's /api/course/reviews. */
export async function listNotes(courseId: number, kind: 'summary', pageNum: number, pageSize: number) {
  const d = await db();
  const where = and(eq(courseNotes.courseId, courseId), eq(courseNotes.kind, kind));
  const [rows, [count]] = await Promise.all([
    d
      .select({
        id: courseNotes.id,
        rating: courseNotes.rating,
        content: courseNotes.content,
        createdAt: courseNotes.createdAt,
        operatorName: sql<string>`(select name from operators where id = ${courseNotes.operatorId})`,
      })
      .from(courseNotes)
      .where(where)
      .orderBy(desc(courseNotes.createdAt), desc(courseNotes.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    d.select({ n: sql<number>`count(*)::int` }).from(courseNotes).where(where),
  ]);
  // Masked as the reviews' are: a public list, readable by visitors.
  const list: CourseNote[] = rows.map((r) => ({ ...r, operatorName: maskName(r.operatorName), createdAt: r.createdAt.toISOString() }));
  return { list, total: Number(count?.n ?? 0), pageNum, pageSize };
}

export async function saveNote(operatorId: number, input: { courseId: number; kind: 'review' | 'summary'; rating?: number; content: string }) {
  const state = await courseState(operatorId, input.courseId);
  if (!state.chosen) throw new ServiceError('请先选学该课程');
  const d = await db();
  if (input.kind === 'review') {
    // Reviews live with the catalogue's (course_reviews, shown on /course/detail); one per learner.
    if (input.rating == null) throw new ServiceError('请选择评分');
    const [prev] = await d
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.operatorId, operatorId), eq(courseReviews.courseId, input.courseId)));
    if (prev) throw new ServiceError('您已评价过该课程');
    const [review] = await d
      .insert(courseReviews)
      .values({ operatorId, courseId: input.courseId, score: input.rating, content: input.content })
      .returning({ id: courseReviews.id });
    return { id: review.id };
  }
  const [row] = await d
    .insert(courseNotes)
    .values({ kind: input.kind, operatorId, courseId: input.courseId, rating: null, content: input.content })
    .returning({ id: courseNotes.id });
  return { id: row.id };
}

/* ---------- Favourites ---------- */

export async function setFavourite(operatorId: number, courseId: number, on: boolean) {
  const d = await db();
  if (on) {
    const [course] = await d.select({ id: courses.id, auditStatus: courses.auditStatus }).from(courses).where(eq(courses.id, courseId));
    if (!course || course.auditStatus !== 1052) throw new ServiceError(MSG_COURSE_MISSING);
    await d.insert(favourites).values({ operatorId, courseId }).onConflictDoNothing();
  } else {
    await d.delete(favourites).where(and(eq(favourites.operatorId, operatorId), eq(favourites.courseId, courseId)));
  }
  return { courseId, favourite: on };
}

export async function isFavourite(operatorId: number | null, courseId: number) {
  if (operatorId == null) return { courseId, favourite: false };
  const d = await db();
  const [row] = await d.select({ c: favourites.courseId }).from(favourites).where(and(eq(favourites.operatorId, operatorId), eq(favourites.courseId, courseId)));
  return { courseId, favourite: !!row };
}
