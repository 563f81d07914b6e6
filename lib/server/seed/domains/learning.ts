/**
 * Demo data of the learning domain; runs inside the seed transaction after the core catalogue and people.
 * The learner: a finished series (its certificate can be applied for), two courses in progress, favourites,
 * training applications in every review state and an issued certificate, exams in every status of SPEC 4.3;
 * subtitles on the chapters of two of the three demo clips; questionnaires and per-train information collection.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { ExamQuestion, SurveyQuestion } from '../../db/tables/learning';
import {
  certificates,
  chapterProgress,
  courseChapters,
  courseEnrolments,
  examJoins,
  examReplies,
  exams,
  favourites,
  series,
  seriesCourses,
  seriesEnrolments,
  studyRecords,
  surveys,
  trainApplications,
  trains,
} from '../../db/schema';
import { insertAll, DAY, HOUR, MINUTE } from '../util';
import { CLIPS } from '@/lib/server/services/media/demo-media';
import type { SeedContext } from './context';

export const EXAM_PAPER: ExamQuestion[] = [
  {
    id: 1,
    type: 'single',
    stem: '继续教育在线学习每年的网络学时要求至少为多少学时？',
    options: ['30学时', '50学时', '90学时', '110学时'],
    answer: [1],
    score: 20,
  },
  {
    id: 2,
    type: 'single',
    stem: '处级及以上领导干部每年的线下学时要求至少为多少学时？',
    options: ['50学时', '90学时', '110学时', '120学时'],
    answer: [2],
    score: 20,
  },
  {
    id: 3,
    type: 'multiple',
    stem: '以下哪些属于平台提供的学习形式？（多选）',
    options: ['课程资源', '系列专题', '培训项目', '直播课堂'],
    answer: [0, 1, 2, 3],
    score: 20,
  },
  {
    id: 4,
    type: 'multiple',
    stem: '下列哪些做法有助于提高学习效果？（多选）',
    options: ['制定学习计划', '倍速跳过全部内容', '学后完成自测', '撰写学习心得'],
    answer: [0, 2, 3],
    score: 20,
  },
  { id: 5, type: 'judge', stem: '未选学的课程可以试看3分钟。', options: ['正确', '错误'], answer: [0], score: 10 },
  {
    id: 6,
    type: 'short',
    stem: '请简述参加继续教育学习的收获（不少于10字）。',
    options: [],
    answer: [],
    score: 10,
    minLength: 10,
  },
];

const FEEDBACK: SurveyQuestion[] = [
  { id: 1, type: 'rating', title: '您对平台整体使用体验的评分', options: [], required: true },
  {
    id: 2,
    type: 'single',
    title: '您最常使用的学习形式',
    options: ['课程资源', '系列专题', '培训项目', '直播课堂'],
    required: true,
  },
  {
    id: 3,
    type: 'multiple',
    title: '您希望平台增加哪些内容',
    options: ['前沿讲座', '管理技能', '党建理论', '科研方法'],
    required: false,
  },
  { id: 4, type: 'text', title: '其他意见和建议', options: [], required: false },
];

const COLLECTION: SurveyQuestion[] = [
  { id: 1, type: 'text', title: '联系电话', options: [], required: true, format: 'phone' },
  { id: 2, type: 'single', title: '是否需要安排住宿', options: ['需要', '不需要'], required: true },
  {
    id: 3,
    type: 'multiple',
    title: '希望培训重点关注的内容',
    options: ['政策解读', '案例研讨', '实践操作', '交流研讨'],
    required: false,
  },
  { id: 4, type: 'rating', title: '对本项目前期安排的满意度', options: [], required: false },
  { id: 5, type: 'text', title: '其他需要说明的情况', options: [], required: false },
];

type SeedChapter = { id: number; courseId: number; media: string; duration: number };
const durationOf = (c: SeedChapter) => CLIPS[c.media]?.duration ?? c.duration;

/** A course studied to the end: its enrolment (100%) and every chapter watched, added to the given rows. */
function finishedCourse(
  operatorId: number,
  courseId: number,
  chapters: SeedChapter[],
  enrolledAt: Date,
  finishedAt: Date,
  enrolRows: (typeof courseEnrolments.$inferInsert)[],
  progressRows: (typeof chapterProgress.$inferInsert)[],
): void {
  const list = chapters.filter((c) => c.courseId === courseId);
  const studied = list.reduce((a, c) => a + durationOf(c), 0);
  const last = list[list.length - 1];
  enrolRows.push({
    operatorId,
    courseId,
    createdAt: enrolledAt,
    lastChapterId: last?.id ?? null,
    lastPosition: last ? durationOf(last) : 0,
    studiedSeconds: studied,
    progress: 100,
    finishedAt,
  });
  for (const c of list)
    progressRows.push({
      operatorId,
      chapterId: c.id,
      courseId,
      frontier: durationOf(c),
      position: durationOf(c),
      studiedSeconds: durationOf(c),
      finishedAt,
      updatedAt: finishedAt,
    });
}

export async function seedLearning(ctx: SeedContext): Promise<void> {
  const { db, clock } = ctx;
  const now = clock.now.getTime();
  const learner = ctx.demoOperatorIds.learner;

  // Subtitles (WebVTT) on the chapters of demo-1 and demo-2; demo-3 has none.
  await db
    .update(courseChapters)
    .set({ subtitle: sql`${courseChapters.media}` })
    .where(inArray(courseChapters.media, Object.keys(CLIPS).slice(0, 2)));

  if (learner) {
    // A finished series: every course of the first series with courses, every chapter watched.
    const [firstSeries] = await db
      .select({ seriesId: seriesCourses.seriesId })
      .from(seriesCourses)
      .orderBy(asc(seriesCourses.seriesId))
      .limit(1);
    const seriesCourseIds = firstSeries
      ? (
          await db
            .select({ courseId: seriesCourses.courseId })
            .from(seriesCourses)
            .where(eq(seriesCourses.seriesId, firstSeries.seriesId))
        ).map((r) => r.courseId)
      : [];
    const others = ctx.catalogue.courseIds.filter((id) => !seriesCourseIds.includes(id)).slice(0, 2);
    const finishedAt = new Date(now - 20 * DAY);
    const chapters = await db
      .select({
        id: courseChapters.id,
        courseId: courseChapters.courseId,
        media: courseChapters.media,
        duration: courseChapters.durationSeconds,
      })
      .from(courseChapters)
      .where(inArray(courseChapters.courseId, [...seriesCourseIds, ...others]))
      .orderBy(asc(courseChapters.courseId), asc(courseChapters.sort));
    const enrolRows: (typeof courseEnrolments.$inferInsert)[] = [];
    const progressRows: (typeof chapterProgress.$inferInsert)[] = [];
    for (const courseId of seriesCourseIds) {
      finishedCourse(learner, courseId, chapters, new Date(now - 40 * DAY), finishedAt, enrolRows, progressRows);
    }
    // Two courses in progress: the first chapter watched, and 90 s into the second (resume point).
    for (const [i, courseId] of others.entries()) {
      const list = chapters.filter((c) => c.courseId === courseId);
      const first = list[0];
      const second = list[1] ?? list[0];
      if (!first) continue;
      const total = list.reduce((a, c) => a + durationOf(c), 0);
      const seen = (list.length > 1 ? durationOf(first) : 0) + 90;
      enrolRows.push({
        operatorId: learner,
        courseId,
        createdAt: new Date(now - (10 - i) * DAY),
        lastChapterId: second.id,
        lastPosition: 90,
        studiedSeconds: seen,
        progress: Math.min(99, Math.floor((seen * 100) / total)),
      });
      if (list.length > 1)
        progressRows.push({
          operatorId: learner,
          chapterId: first.id,
          courseId,
          frontier: durationOf(first),
          position: durationOf(first),
          studiedSeconds: durationOf(first),
          finishedAt: new Date(now - 3 * DAY),
          updatedAt: new Date(now - 3 * DAY),
        });
      progressRows.push({
        operatorId: learner,
        chapterId: second.id,
        courseId,
        frontier: 90,
        position: 90,
        studiedSeconds: 90,
        updatedAt: new Date(now - 2 * DAY),
      });
    }
    if (enrolRows.length) await db.insert(courseEnrolments).values(enrolRows).onConflictDoNothing();
    // ... having joined that series (a certificate needs it).
    if (firstSeries) {
      await db
        .insert(seriesEnrolments)
        .values({ seriesId: firstSeries.seriesId, operatorId: learner, createdAt: new Date(now - 40 * DAY) })
        .onConflictDoNothing();
      await db
        .update(series)
        .set({ studyCount: sql`${series.studyCount} + 1` })
        .where(eq(series.id, firstSeries.seriesId));
    }
    if (progressRows.length) await insertAll(db, chapterProgress, progressRows);

    // Favourites.
    const favIds = ctx.catalogue.courseIds.slice(5, 8);
    await insertAll(
      db,
      favourites,
      favIds.map((courseId, i) => ({ operatorId: learner, courseId, createdAt: new Date(now - (i + 1) * DAY) })),
    );

    // Training applications: approved on an ended project (with its certificate), pending, rejected.
    const ended = await db
      .select({ id: trains.id, title: trains.title, hours: trains.hours })
      .from(trains)
      .where(lt(trains.endAt, clock.now))
      .orderBy(asc(trains.id))
      .limit(2);
    const upcoming = ctx.catalogue.trainIds.filter((id) => !ended.some((e) => e.id === id)).slice(0, 2);
    const apps: (typeof trainApplications.$inferInsert)[] = [
      ...ended.map((t) => ({
        trainId: t.id,
        operatorId: learner,
        status: 7,
        createdAt: new Date(now - 60 * DAY),
        reviewedAt: new Date(now - 58 * DAY),
      })),
      ...upcoming.map((trainId, i) => ({
        trainId,
        operatorId: learner,
        status: i === 0 ? 6 : 8,
        createdAt: new Date(now - 5 * DAY),
        reviewedAt: i === 0 ? null : new Date(now - 4 * DAY),
      })),
    ];
    if (apps.length) await db.insert(trainApplications).values(apps).onConflictDoNothing();
    if (ended[0]) {
      await db
        .insert(certificates)
        .values({
          operatorId: learner,
          kind: 'train',
          refId: ended[0].id,
          title: ended[0].title,
          hours: ended[0].hours,
          serialNo: `PX${clock.year}${String(ended[0].id).padStart(4, '0')}${String(learner).padStart(6, '0')}`,
          issuedAt: new Date(now - 30 * DAY),
        })
        .onConflictDoNothing();
    }
  }

  // The other demo learners' archives hold online hours of this year: the courses behind them are theirs, finished
  // (a personal centre with hours but no course in 我的课程 contradicts itself).
  for (const operatorId of [ctx.demoOperatorIds.party, ctx.demoOperatorIds.student].filter(Boolean)) {
    const studied = await db
      .select({
        courseId: studyRecords.courseId,
        last: sql<Date>`max(${studyRecords.createdAt})`.mapWith((v: string | Date) => new Date(v)),
      })
      .from(studyRecords)
      .where(
        and(
          eq(studyRecords.operatorId, operatorId),
          eq(studyRecords.year, clock.year),
          eq(studyRecords.kind, 'online'),
        ),
      )
      .groupBy(studyRecords.courseId)
      .orderBy(sql`sum(${studyRecords.seconds}) desc`, asc(studyRecords.courseId))
      .limit(6);
    const ids = studied.flatMap((r) => (r.courseId ? [r.courseId] : []));
    if (!ids.length) continue;
    const chapters = await db
      .select({
        id: courseChapters.id,
        courseId: courseChapters.courseId,
        media: courseChapters.media,
        duration: courseChapters.durationSeconds,
      })
      .from(courseChapters)
      .where(inArray(courseChapters.courseId, ids))
      .orderBy(asc(courseChapters.courseId), asc(courseChapters.sort));
    const enrolRows: (typeof courseEnrolments.$inferInsert)[] = [];
    const progressRows: (typeof chapterProgress.$inferInsert)[] = [];
    for (const r of studied)
      if (r.courseId)
        finishedCourse(
          operatorId,
          r.courseId,
          chapters,
          new Date(r.last.getTime() - 7 * DAY),
          r.last,
          enrolRows,
          progressRows,
        );
    await db.insert(courseEnrolments).values(enrolRows).onConflictDoNothing();
    if (progressRows.length) await insertAll(db, chapterProgress, progressRows);
  }

  // Exams, one per status of SPEC 4.3 for the learner (the clock is the seed's "now": today 00:00 UTC).
  const plans = [
    {
      title: '科研诚信与学术规范考试',
      start: -10 * DAY,
      end: 20 * DAY,
      minutes: 30,
      join: true,
      reply: 'submitted' as const,
    },
    { title: '保密知识专题考试', start: -5 * DAY, end: 25 * DAY, minutes: 30, join: false, reply: null },
    { title: '年度党纪法规知识测试', start: 10 * DAY, end: 40 * DAY, minutes: 45, join: true, reply: null },
    { title: '科技管理政策解读测验', start: -40 * DAY, end: -10 * DAY, minutes: 30, join: true, reply: null },
    {
      title: '继续教育学习规定测验',
      start: -3 * DAY,
      end: 30 * DAY,
      minutes: 20,
      join: true,
      reply: null,
      requireLogin: true,
    },
    { title: '网络安全意识测试', start: -3 * DAY, end: 30 * DAY, minutes: 20, join: true, reply: 'overtime' as const },
    {
      title: '学习周测（7天内完成）',
      start: -1 * DAY,
      end: 30 * DAY,
      minutes: 7 * 24 * 60,
      join: true,
      reply: 'running' as const,
    },
  ];
  // The first exam belongs to a training project the learner was approved for (its exams are for its participants);
  // the others are open to every learner.
  const [approved] = learner
    ? await db
        .select({ trainId: trainApplications.trainId })
        .from(trainApplications)
        .where(and(eq(trainApplications.operatorId, learner), eq(trainApplications.status, 7)))
        .orderBy(asc(trainApplications.trainId))
        .limit(1)
    : [];
  const trainForExam = approved?.trainId ?? ctx.catalogue.trainIds[0] ?? null;
  const examIds: number[] = [];
  for (const [i, p] of plans.entries()) {
    const [row] = await db
      .insert(exams)
      .values({
        title: p.title,
        trainId: i === 0 ? trainForExam : null,
        examType: i === 3 ? 1 : 0,
        examStyle: i % 2,
        startAt: new Date(now + p.start),
        endAt: new Date(now + p.end),
        durationMinutes: p.minutes,
        requireLogin: p.requireLogin ?? false,
        paper: EXAM_PAPER,
      })
      .returning({ id: exams.id });
    examIds.push(row.id);
    if (!learner) continue;
    if (p.join)
      await db.insert(examJoins).values({ examId: row.id, operatorId: learner, createdAt: new Date(now - 20 * DAY) });
    if (p.reply === 'submitted') {
      const started = new Date(now - 2 * DAY);
      await db.insert(examReplies).values({
        examId: row.id,
        operatorId: learner,
        startedAt: started,
        deadline: new Date(started.getTime() + p.minutes * MINUTE),
        answers: { '1': [1], '2': [2], '3': [0, 1, 2, 3], '4': [0, 2], '5': [0], '6': ['学习使我进步，收获很多'] },
        submittedAt: new Date(started.getTime() + 12 * MINUTE),
        score: 80,
      });
    } else if (p.reply === 'overtime') {
      const started = new Date(now - 2 * DAY);
      await db.insert(examReplies).values({
        examId: row.id,
        operatorId: learner,
        startedAt: started,
        deadline: new Date(started.getTime() + p.minutes * MINUTE),
        answers: { '1': [1] },
      });
    } else if (p.reply === 'running') {
      const started = new Date(now - HOUR);
      await db.insert(examReplies).values({
        examId: row.id,
        operatorId: learner,
        startedAt: started,
        deadline: new Date(started.getTime() + p.minutes * MINUTE),
        answers: { '1': [1], '5': [0] },
      });
    }
  }
  void examIds;

  // Questionnaires: the feedback survey of the header link, and information collection for every training project.
  await db.insert(surveys).values({
    code: 'feedback',
    title: '平台使用意见反馈问卷',
    intro: '感谢您抽出时间参与本次问卷调查，您的意见将帮助我们改进平台。',
    questions: FEEDBACK,
  });
  const allTrains = await db.select({ id: trains.id, title: trains.title }).from(trains).orderBy(asc(trains.id));
  await insertAll(
    db,
    surveys,
    allTrains.map((t) => ({
      code: `train-${t.id}`,
      title: `${t.title} 信息采集`,
      intro: '请如实填写以下信息，便于培训组织安排。',
      trainId: t.id,
      questions: COLLECTION,
    })),
  );
}
