/**
 * Tables of the catalogue domain (see lib/server/db/schema.ts). Import shared tables from './core'.
 * Kept in step by hand with lib/server/db/migrations/0003_catalogue.sql.
 */
import { sql } from 'drizzle-orm';
import {
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
import { audiences, courses, created, operators, series, trains } from './core';

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
 * Search documents (lib/server/services/catalogue/search-index.ts), one per searched record: `doc` its weighted
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
