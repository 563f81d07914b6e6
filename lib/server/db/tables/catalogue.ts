/**
 * Tables of the catalogue domain (see lib/server/db/schema.ts): courses and their chapters, series, training
 * projects, news and notices, and what the catalogue lists beside them.
 * Kept in step by hand with lib/server/db/migrations/0003_catalogue.sql.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { operators, orgs } from './accounts';
import { audiences, created } from './columns';
import { teachers } from './teachers';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Policy documents (t=1) and workflows (t=2) of /policy: login only (SPEC 2.3, 6). */
export const policies = pgTable(
  'policies',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    type: smallint('type').notNull(), // 1 policies, 2 workflows (SPEC 9)
    docNo: text('doc_no').notNull().default(''),
    issuer: text('issuer').notNull().default(''),
    body: text('body').notNull().default(''),
    audiences: audiences(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('policies_type_published_idx').on(t.type, t.publishedAt)],
);

/** A learner's review of a course (score 1-5 and a comment), shown on /course/detail. */
export const courseReviews = pgTable(
  'course_reviews',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    score: smallint('score').notNull(),
    content: text('content').notNull(),
    createdAt: created(),
  },
  (t) => [index('course_reviews_course_idx').on(t.courseId, t.createdAt)],
);

/** Enrolment in a series topic (报名/加入). */
export const seriesEnrolments = pgTable(
  'series_enrolments',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.seriesId, t.operatorId] }),
    index('series_enrolments_operator_idx').on(t.operatorId),
  ],
);

/**
 * The parts of a training project's detail page: schedule items, assignments, album photos and summaries
 * (kind 'schedule' | 'assignment' | 'album' | 'summary'), in order.
 */
export const trainItems = pgTable(
  'train_items',
  {
    id: serial('id').primaryKey(),
    trainId: integer('train_id')
      .notNull()
      .references(() => trains.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    sort: integer('sort').notNull().default(0),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    teacherName: text('teacher_name').notNull().default(''),
    place: text('place').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('train_items_train_idx').on(t.trainId, t.kind, t.sort)],
);

/**
 * Search documents (lib/server/services/search/search-docs.ts), one per searched record: `doc` its weighted
 * words (Chinese bigrams, Latin words, pinyin) for full-text search, `head` those of its title, names and tags
 * alone (ranking reads it, not the whole text), `pinyin` its title's pinyin for near misses
 * by trigram similarity, `src` the hash of the text it was built from (a record whose text changed is rebuilt).
 */
export const searchDocs = pgTable(
  'search_docs',
  {
    tab: text('tab').notNull(),
    refId: integer('ref_id').notNull(),
    doc: tsvector('doc').notNull(),
    head: tsvector('head').notNull(),
    pinyin: text('pinyin').notNull().default(''),
    src: text('src').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tab, t.refId] }),
    // One per tab: a tab's search starts from its own documents' index (a shared one also holds the others').
    ...['course', 'train', 'project', 'teacher', 'news', 'notice'].map((tab) =>
      index(`search_docs_${tab}_doc_idx`)
        .using('gin', t.doc)
        .where(sql.raw(`tab = '${tab}'`)),
    ),
    index('search_docs_pinyin_idx').using('gin', sql`${t.pinyin} gin_trgm_ops`),
  ],
);

export const courseTypes = pgTable('course_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  parentId: integer('parent_id'),
  categoryCode: smallint('category_code').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    categoryCode: smallint('category_code').notNull(), // 301-306
    courseTypeId: integer('course_type_id').references(() => courseTypes.id),
    teacherId: integer('teacher_id').references(() => teachers.id),
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    chapterCount: integer('chapter_count').notNull().default(1),
    studyCount: integer('study_count').notNull().default(0),
    score: integer('score').notNull().default(0), // rating x10
    isHot: boolean('is_hot').notNull().default(false),
    auditStatus: smallint('audit_status').notNull().default(1052),
    /** The operator who made the course in the creation centre; null for courses of the academy. */
    creatorId: integer('creator_id'),
    /** Creation centre (spaces, migration 0006): when the creator last submitted it for review, and the last review's reason. */
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    auditReason: text('audit_reason').notNull().default(''),
    audiences: audiences(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('courses_category_idx').on(t.categoryCode, t.publishedAt),
    index('courses_published_idx').on(t.publishedAt),
    index('courses_audiences_idx').using('gin', t.audiences),
    index('courses_audit_type_idx').on(t.auditStatus, t.courseTypeId),
    index('courses_creator_idx').on(t.creatorId),
  ],
);

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    courseCount: integer('course_count').notNull().default(0),
    studyCount: integer('study_count').notNull().default(0),
    isRecommended: boolean('is_recommended').notNull().default(false),
    /** The sites it is shown on while published; empty while not (so every reader's audience test hides it). */
    audiences: audiences(),
    /** The sites chosen in the management form (issue 25): copied into `audiences` by 发布, kept while unpublished. */
    targetAudiences: text('target_audiences')
      .array()
      .notNull()
      .default(sql`'{general}'::text[]`),
    /** Who made it (a teacher manages their own); null for the academy's. */
    creatorId: integer('creator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** The unit it belongs to (managers of that unit manage it); null: the whole institution. */
    orgId: integer('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('series_published_idx').on(t.publishedAt),
    index('series_creator_idx').on(t.creatorId),
    index('series_org_idx').on(t.orgId),
  ],
);

export const trains = pgTable(
  'trains',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    type: smallint('type').notNull(), // 5001 training project, 5002 academic report
    trainTypeId: integer('train_type_id').notNull().default(0), // criteriaTrainTypeID (dictionary)
    orgSource: integer('org_source').notNull().default(0), // criteriaOrgSource (dictionary)
    itemType: integer('item_type').notNull().default(0), // criteriaItemType (dictionary)
    isOnline: boolean('is_online').notNull().default(false),
    orgName: text('org_name').notNull().default(''),
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    hours: integer('hours').notNull().default(0),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    applyStartAt: timestamp('apply_start_at', { withTimezone: true, mode: 'date' }),
    applyEndAt: timestamp('apply_end_at', { withTimezone: true, mode: 'date' }),
    /** 1 closed to enrolment, 9 internal enrolment, 0 open (status derived from the dates). */
    applyMode: smallint('apply_mode').notNull().default(0),
    capacity: integer('capacity').notNull().default(0),
    audiences: audiences(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('trains_type_start_idx').on(t.type, t.startAt),
    index('trains_published_idx').on(t.publishedAt),
    index('trains_start_idx').on(t.startAt),
  ],
);

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    cover: text('cover').notNull().default(''),
    source: text('source').notNull().default(''),
    views: integer('views').notNull().default(0),
    audiences: audiences(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('news_published_idx').on(t.publishedAt)],
);

export const notices = pgTable(
  'notices',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    isTop: boolean('is_top').notNull().default(false),
    /** The sites showing it now: the chosen ones while published, none while a draft or withdrawn (issue 25). */
    audiences: audiences(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** 通知公告发布 (issue 25): published, draft or withdrawn, and the sites chosen for it in the editor. */
    status: text('status').notNull().default('published'),
    targetAudiences: text('target_audiences')
      .array()
      .notNull()
      .default(sql`'{general}'::text[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('notices_published_idx').on(t.publishedAt), index('notices_status_idx').on(t.status, t.updatedAt)],
);

/** Chapters of a course, in order. `media` names a clip of the media store (demo-1 .. demo-3 in the seed). */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    title: text('title').notNull(),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    media: text('media').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
  },
  (t) => [index('course_chapters_course_idx').on(t.courseId, t.sort)],
);

/** The courses of a series (推荐系列), in order. Read by the catalogue (series detail) and by certificates. */
export const seriesCourses = pgTable(
  'series_courses',
  {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.courseId] }), index('series_courses_course_idx').on(t.courseId)],
);
