/**
 * What the player shows besides the video (SPEC 7 course: chapter, progress, self test, reviews, summaries)
 * and favourites (收藏 of a course, listed in the personal centre).
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { maskName } from '@/lib/format';
import { db } from '@/lib/server/db';
import {
  chapterProgress,
  courseChapters,
  courseEnrolments,
  courseNotes,
  courseReviews,
  courses,
  favourites,
  operators,
  teachers,
} from '@/lib/server/db/schema';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import { chapterDuration, clipFor, trialSeconds } from '../media/demo-media';
import { uploadedDocumentOf, uploadedMediaOf, uploadedTrialSeconds } from '../media/uploaded-media';
import { AI_SUBTITLE_PREFIX, aiSubtitlesConfigured } from './ai-subtitles';
import { courseState } from './course-enrolment';
import { visibleCourses } from '../audience';
import type { Scope } from '../scope';
import { chapterFor } from '../media/media-stream';
import type { Site } from '@/lib/variants';
import type { SessionUser } from '../accounts/sessions';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import type {
  ChapterView,
  CourseView,
  CourseProgressView,
  SelfTest,
  SelfTestResult,
  CourseNote,
} from '@/lib/contract/learning';
import { selfTestProblemText, selfTestProblems } from '@/lib/validation/self-test';
import { richTextAsText } from '@/lib/server/rich-text';
import {
  CHAPTER_MISSING_MSG,
  SELECT_COURSE_FIRST_MSG,
  RATING_REQUIRED_MSG,
  ALREADY_RATED_MSG,
} from '@/lib/contract/learning';
import { MSG_SERIES_COURSE_NOT_FOUND } from '@/lib/contract/series-admin';

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
    d
      .select()
      .from(courseChapters)
      .where(eq(courseChapters.courseId, courseId))
      .orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
  ]);
  // 1004 as every catalogue record not shown on the host: the cached player page answers it with its 404.
  if (!course) throw new ServiceError(MSG_SERIES_COURSE_NOT_FOUND, CODE_NOT_FOUND);
  return {
    id: course.id,
    title: course.title,
    summary: richTextAsText(course.summary),
    cover: course.cover,
    teacherName: course.teacherName,
    trialSeconds: COURSE_TRIAL_SECONDS,
    aiSubtitles: aiSubtitlesConfigured(),
    chapters: await chapterViews(chapters),
  };
}

/** The player's view of chapters (kind, length, trial, playable), shared with the reviewer's preview of a course. */
export function chapterViews(chapters: (typeof courseChapters.$inferSelect)[]): Promise<ChapterView[]> {
  return Promise.all(
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
        subtitleByAi: !!c.subtitle && c.subtitle.startsWith(AI_SUBTITLE_PREFIX),
      };
    }),
  );
}

/**
 * The learner's side of the player: enrolment, each chapter's progress, their review, whether they teach the course
 * and whether it is in their 收藏. One statement: the player page is cached and the same for everyone, so this call is
 * the whole per-learner cost of opening it (issue 5 point 7), and on PGlite each statement costs more than its reads.
 */
export async function courseProgressView(operatorId: number | null, courseId: number): Promise<CourseProgressView> {
  if (operatorId == null)
    return { ...(await courseState(null, courseId)), owner: false, chapters: [], myReview: null, favourite: false };
  const d = await db();
  const mine = (t: { operatorId: unknown; courseId: unknown }) =>
    sql`${t.operatorId} = ${operatorId} and ${t.courseId} = ${courseId}`;
  const result = await d.execute<ProgressRow>(sql`
    select
      (select json_build_object('progress', ${courseEnrolments.progress}, 'lastChapterId', ${courseEnrolments.lastChapterId},
          'lastPosition', ${courseEnrolments.lastPosition}, 'studiedSeconds', ${courseEnrolments.studiedSeconds},
          'finished', ${courseEnrolments.finishedAt} is not null)
        from ${courseEnrolments} where ${mine(courseEnrolments)}) as "enrolment",
      (select coalesce(json_agg(json_build_object('chapterId', ${chapterProgress.chapterId}, 'frontier', ${chapterProgress.frontier},
          'position', ${chapterProgress.position}, 'finished', ${chapterProgress.finishedAt} is not null)), '[]'::json)
        from ${chapterProgress} where ${mine(chapterProgress)}) as "chapters",
      (select json_build_object('id', ${courseReviews.id}, 'score', ${courseReviews.score}, 'content', ${courseReviews.content}, 'createdAt', ${courseReviews.createdAt})
        from ${courseReviews} where ${mine(courseReviews)}) as "review",
      exists (select 1 from ${courses} where ${courses.id} = ${courseId} and (${courses.creatorId} = ${operatorId}
        or ${courses.teacherId} = (select ${operators.tchrId} from ${operators} where ${operators.id} = ${operatorId}))) as "owner",
      exists (select 1 from ${favourites} where ${mine(favourites)}) as "favourite"`);
  // node-postgres and PGlite both answer { rows } (drizzle's own type differs by driver).
  const [row] = (result as unknown as { rows: ProgressRow[] }).rows;
  const e = row?.enrolment ?? null;
  const review = row?.review ?? null;
  return {
    courseId,
    chosen: e != null,
    progress: e?.progress ?? 0,
    lastChapterId: e?.lastChapterId ?? null,
    lastPosition: e?.lastPosition ?? 0,
    studiedSeconds: Number(e?.studiedSeconds ?? 0),
    finished: e?.finished ?? false,
    owner: !!row?.owner,
    // A learner who has not chosen the course sees no chapter progress (as before choosing).
    chapters: e != null ? (row?.chapters ?? []) : [],
    myReview: review ? { ...review, createdAt: new Date(review.createdAt).toISOString() } : null,
    favourite: !!row?.favourite,
  };
}

type ProgressRow = {
  enrolment: {
    progress: number;
    lastChapterId: number | null;
    lastPosition: number;
    studiedSeconds: number;
    finished: boolean;
  } | null;
  chapters: CourseProgressView['chapters'] | null;
  review: { id: number; score: number; content: string; createdAt: string } | null;
  owner: boolean;
  favourite: boolean;
};

/* ---------- Self test after a chapter: three questions made from the chapter itself ---------- */

interface SelfTestQuestionFull {
  id: number;
  type: 'judge' | 'single';
  stem: string;
  options: string[];
  answer: number;
}

/** Who asks for a self test: a course not in the host's catalogue is for those who review it only (as its media). */
type Viewer = { site: Site; user: SessionUser | null };

async function chapterOf(chapterId: number, viewer: Viewer) {
  if (!(await chapterFor(viewer.site, viewer.user, chapterId))) throw new ServiceError(CHAPTER_MISSING_MSG);
  const d = await db();
  const [row] = await d
    .select({
      id: courseChapters.id,
      title: courseChapters.title,
      courseId: courseChapters.courseId,
      courseTitle: courses.title,
    })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  if (!row) throw new ServiceError(CHAPTER_MISSING_MSG);
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
  return {
    chapterId,
    questions: selfTestQuestions(ch).map((q) => ({ id: q.id, type: q.type, stem: q.stem, options: q.options })),
  };
}

export async function selfTestSubmit(
  chapterId: number,
  answers: Record<string, number>,
  viewer: Viewer,
): Promise<SelfTestResult> {
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
    d
      .select({ n: sql<number>`count(*)::int` })
      .from(courseNotes)
      .where(where),
  ]);
  // Masked as the reviews' are: a public list, readable by visitors.
  const list: CourseNote[] = rows.map((r) => ({
    ...r,
    operatorName: maskName(r.operatorName),
    createdAt: r.createdAt.toISOString(),
  }));
  return { list, total: Number(count?.n ?? 0), pageNum, pageSize };
}

export async function saveNote(
  operatorId: number,
  input: { courseId: number; kind: 'review' | 'summary'; rating?: number; content: string },
) {
  const state = await courseState(operatorId, input.courseId);
  if (!state.chosen) throw new ServiceError(SELECT_COURSE_FIRST_MSG);
  const d = await db();
  if (input.kind === 'review') {
    // Reviews live with the catalogue's (course_reviews, shown on /course/detail); one per learner.
    if (input.rating == null) throw new ServiceError(RATING_REQUIRED_MSG);
    const [prev] = await d
      .select({ id: courseReviews.id })
      .from(courseReviews)
      .where(and(eq(courseReviews.operatorId, operatorId), eq(courseReviews.courseId, input.courseId)));
    if (prev) throw new ServiceError(ALREADY_RATED_MSG);
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
    const [course] = await d
      .select({ id: courses.id, auditStatus: courses.auditStatus })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (!course || course.auditStatus !== 1052) throw new ServiceError(MSG_SERIES_COURSE_NOT_FOUND);
    await d.insert(favourites).values({ operatorId, courseId }).onConflictDoNothing();
  } else {
    await d.delete(favourites).where(and(eq(favourites.operatorId, operatorId), eq(favourites.courseId, courseId)));
  }
  return { courseId, favourite: on };
}

export async function isFavourite(operatorId: number | null, courseId: number) {
  if (operatorId == null) return { courseId, favourite: false };
  const d = await db();
  const [row] = await d
    .select({ c: favourites.courseId })
    .from(favourites)
    .where(and(eq(favourites.operatorId, operatorId), eq(favourites.courseId, courseId)));
  return { courseId, favourite: !!row };
}
