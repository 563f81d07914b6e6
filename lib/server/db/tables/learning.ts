/**
 * Tables of the learning domain (see lib/server/db/schema.ts): heartbeats of the player, per-chapter
 * progress, the learner's study clock and lock, favourites, reviews and summaries, certificates, exams
 * and surveys. Keep in step with migrations/0005_learning.sql.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './accounts';
import { courseChapters, courses, trains } from './catalogue';
import { created } from './columns';
import { liveClasses } from './live';
import type { SurveyQuestionDef } from '@/lib/validation/survey';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Every accepted heartbeat, keyed by the client-generated submit id: a resend is answered, not counted twice. */
export const studySubmits = pgTable(
  'study_submits',
  {
    submitId: text('submit_id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    chapterId: integer('chapter_id').notNull(),
    position: integer('position').notNull(),
    /** Seconds of study this heartbeat added (0 when it played ahead of what was watched). */
    credited: integer('credited').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [index('study_submits_operator_idx').on(t.operatorId, t.courseId)],
);

/** A learner's progress in one chapter: `frontier` is how far they have watched without skipping. */
export const chapterProgress = pgTable(
  'chapter_progress',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    courseId: integer('course_id').notNull(),
    frontier: integer('frontier').notNull().default(0),
    position: integer('position').notNull().default(0),
    studiedSeconds: integer('studied_seconds').notNull().default(0),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.operatorId, t.chapterId] }),
    index('chapter_progress_course_idx').on(t.operatorId, t.courseId),
  ],
);

/**
 * The learner's study clock: study is credited up to `creditedUntil`, never beyond the present, so the sum of
 * credited seconds can never exceed the wall-clock time that passed. Also the batch player's lock.
 */
export const studyClocks = pgTable('study_clocks', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  creditedUntil: ts('credited_until').notNull(),
  lockCourseId: integer('lock_course_id'),
  lockSession: text('lock_session'),
  lockUntil: ts('lock_until'),
});

/** 收藏: a learner's favourite courses, listed in the personal centre. */
export const favourites = pgTable(
  'favourites',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.courseId] })],
);

/** 课程评价 (a rating 1-5 and a comment) and 学习心得 (summaries): kind 'review' | 'summary'. */
export const courseNotes = pgTable(
  'course_notes',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    rating: smallint('rating'),
    content: text('content').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('course_notes_course_idx').on(t.courseId, t.kind, t.createdAt)],
);

/**
 * Certificates of finished series and training projects and of a year's study hours: kind 'series' | 'train' | 'hours'
 * (refId the series, the project or the year); one per learner and item.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    refId: integer('ref_id').notNull(),
    title: text('title').notNull(),
    serialNo: text('serial_no').notNull(),
    hours: integer('hours').notNull().default(0),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    /** What an employer types or scans to check it (/certificate/verify): random, not the serial number. */
    verifyCode: text('verify_code'),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    uniqueIndex('certificates_owner_idx').on(t.operatorId, t.kind, t.refId),
    uniqueIndex('certificates_verify_code_idx').on(t.verifyCode),
  ],
);

/** Exams (SPEC 3 exam row): examType 0 online / 1 offline, examStyle 0 open / 1 closed book. */
export const exams = pgTable('exams', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  trainId: integer('train_id'),
  examType: smallint('exam_type').notNull().default(0),
  examStyle: smallint('exam_style').notNull().default(1),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  requireLogin: boolean('require_login').notNull().default(false),
  /** Questions: { id, type: 'single'|'multiple'|'judge'|'short', stem, options, answer, score }. */
  paper: jsonb('paper')
    .$type<ExamQuestion[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export interface ExamQuestion {
  id: number;
  type: 'single' | 'multiple' | 'judge' | 'short';
  stem: string;
  options: string[];
  /** Option indexes for choices, [0]/[1] for true/false; none for short answers (they are marked by length). */
  answer: (number | string)[];
  score: number;
  /** Short answers: the fewest characters (whitespace not counted) an answer needs to earn its points. */
  minLength?: number;
}

/** Who may sit an exam (报名 / assigned): a row per learner. */
export const examJoins = pgTable(
  'exam_joins',
  {
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.operatorId] })],
);

/** An attempt (reply): answers saved as given, submitted once; overtime after startedAt + duration or the end. */
export const examReplies = pgTable(
  'exam_replies',
  {
    id: serial('id').primaryKey(),
    examId: integer('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    deadline: ts('deadline').notNull(),
    answers: jsonb('answers')
      .$type<Record<string, (number | string)[]>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    submittedAt: ts('submitted_at'),
    score: integer('score'),
  },
  (t) => [
    index('exam_replies_owner_idx').on(t.examId, t.operatorId, t.startedAt),
    // The unit report counts each learner's exams passed.
    index('exam_replies_operator_idx').on(t.operatorId),
  ],
);

/** Questionnaires: definition as JSON (SurveyQuestion[]); trainId set for a training project's information collection. */
export const surveys = pgTable('surveys', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  intro: text('intro').notNull().default(''),
  trainId: integer('train_id'),
  questions: jsonb('questions')
    .$type<SurveyQuestion[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
});

export type SurveyQuestion = SurveyQuestionDef;

/** One answer sheet per learner and survey. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.operatorId] })],
);

/**
 * A learner's watching of a live class's recording: when it started, and when its recordHours were credited
 * (once per learner and class).
 */
export const liveReplays = pgTable(
  'live_replays',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    liveId: integer('live_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    creditedAt: ts('credited_at'),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.liveId] })],
);

/**
 * A learner watching a live class while it is on air: the last ping of their page (the number watching counts the
 * recent ones, across instances) and the seconds of watching the pings add up to (services/live/watching.ts).
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    liveId: integer('live_id')
      .notNull()
      .references(() => liveClasses.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    lastPingAt: ts('last_ping_at').notNull(),
    watchedSeconds: integer('watched_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.liveId, t.operatorId] }), index('live_viewers_ping_idx').on(t.liveId, t.lastPingAt)],
);

/** Effective study time, per learner, per year; kind 'online' (courses) or 'offline' (training projects). */
export const studyRecords = pgTable(
  'study_records',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    kind: text('kind').notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull(),
    courseId: integer('course_id'),
    trainId: integer('train_id'),
    createdAt: created(),
  },
  (t) => [
    index('study_records_operator_year_idx').on(t.operatorId, t.year),
    // The unit report sums a year's hours per learner and month: read from the index alone.
    index('study_records_year_operator_idx').on(t.year, t.operatorId, t.month, t.kind, t.seconds),
  ],
);

/**
 * A learner's choice of a course (选学) and their progress in it. Written by the catalogue (enrol) and
 * the player (progress); `progress` is 0-100, `finishedAt` set when every chapter was studied.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: created(),
    lastChapterId: integer('last_chapter_id'),
    lastPosition: integer('last_position').notNull().default(0),
    studiedSeconds: integer('studied_seconds').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.courseId] }), index('course_enrolments_course_idx').on(t.courseId)],
);

/** Enrolment in a training project (SPEC 4.4): status 6 pending review, 7 approved, 8 rejected. */
export const trainApplications = pgTable(
  'train_applications',
  {
    trainId: integer('train_id')
      .notNull()
      .references(() => trains.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(6),
    createdAt: created(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.trainId, t.operatorId] }),
    index('train_applications_operator_idx').on(t.operatorId),
  ],
);
