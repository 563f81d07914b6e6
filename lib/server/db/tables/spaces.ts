/**
 * Tables of the spaces domain (see lib/server/db/schema.ts): follows, privacy, pinned items and comments of
 * the spaces; uploaded files, resumable upload sessions and their chunks; the review trail of created
 * courses; new-employee series; training assessments.
 */
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
import { courses, series, trains } from './catalogue';
import { created } from './columns';

/** The kind of a space's owner: a teacher record, an operator (student space) or an org (organisation and institution spaces). */
export type SpaceKind = 'teacher' | 'student' | 'org';

export const spaceFollows = pgTable(
  'space_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind').$type<SpaceKind>().notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.targetKind, t.targetId] }),
    index('space_follows_target_idx').on(t.targetKind, t.targetId),
  ],
);

/** What an owner shows on their space; no row means everything is shown. */
export const spacePrivacy = pgTable('space_privacy', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  showCreated: boolean('show_created').notNull().default(true),
  showStudied: boolean('show_studied').notNull().default(true),
  showFollows: boolean('show_follows').notNull().default(true),
  showFans: boolean('show_fans').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Pinned (置顶) courses and series of a space. */
export const spaceTops = pgTable(
  'space_tops',
  {
    ownerKind: text('owner_kind').$type<SpaceKind>().notNull(),
    ownerId: integer('owner_id').notNull(),
    itemType: text('item_type').$type<'course' | 'series'>().notNull(),
    itemId: integer('item_id').notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId, t.itemType, t.itemId] })],
);

export const spaceComments = pgTable(
  'space_comments',
  {
    id: serial('id').primaryKey(),
    targetKind: text('target_kind').$type<SpaceKind>().notNull(),
    targetId: integer('target_id').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: created(),
  },
  (t) => [index('space_comments_target_idx').on(t.targetKind, t.targetId, t.createdAt)],
);

/** A stored file: content-addressed by MD5 and size, its type decided from its content. */
export const uploadFiles = pgTable(
  'upload_files',
  {
    id: serial('id').primaryKey(),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(), // video, audio, document, image
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    storageKey: text('storage_key').notNull(),
    ownerId: integer('owner_id').references(() => operators.id, { onDelete: 'set null' }),
    originalName: text('original_name').notNull().default(''),
    createdAt: created(),
  },
  (t) => [uniqueIndex('upload_files_md5_size_idx').on(t.md5, t.size)],
);

/** A resumable upload in progress (docs/design.md §6: progress lives in the database, not in a process). */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    md5: text('md5').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    chunkCount: integer('chunk_count').notNull(),
    /** uploading, assembling, done */
    status: text('status').notNull().default('uploading'),
    fileId: integer('file_id'),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** S3 store only: the multipart upload whose parts are this upload's chunks (any instance adds the next). */
    storeUploadId: text('store_upload_id'),
    /** S3 store only: the whole file's MD5 state (hash-wasm) over chunks 0..hashedChunks-1, so any instance goes on. */
    hashState: text('hash_state'),
    hashedChunks: integer('hashed_chunks').notNull().default(0),
  },
  (t) => [uniqueIndex('upload_sessions_owner_file_idx').on(t.ownerId, t.md5, t.size)],
);

/**
 * Bytes of a user's upload allowance held by uploads under way (issue 38): a stored-file or scratch allowance is
 * checked against what is used plus these, and a row is taken under the user's lock, so parallel uploads cannot
 * all pass one check. A row goes once its bytes count where they land (the file recorded, the chunk on disk), or
 * when its upload is refused or fails; one left by a stopped process stops counting at expires_at.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** stored, scratch */
    kind: text('kind').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** The upload a stored-file hold is for ('session:<id>'): its chunks in parallel hold the file's bytes once. */
    key: text('key'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('upload_reservations_owner_idx').on(t.ownerId, t.kind)],
);

export const uploadChunks = pgTable(
  'upload_chunks',
  {
    sessionId: integer('session_id')
      .notNull()
      .references(() => uploadSessions.id, { onDelete: 'cascade' }),
    idx: integer('idx').notNull(),
    size: integer('size').notNull(),
    md5: text('md5').notNull(),
    /** S3 store only: the part's (or chunk object's) ETag, which completing the upload checks. */
    etag: text('etag'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.idx] })],
);

/** The review trail of a created course: submissions, machine and manual reviews (SPEC 4.5 codes). */
export const courseAudits = pgTable(
  'course_audits',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // submit, machine, manual
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id'),
    createdAt: created(),
  },
  (t) => [index('course_audits_course_idx').on(t.courseId, t.createdAt)],
);

/** Series that make up the new-employee training (/newEmployee/Train). */
export const newEmployeeSeries = pgTable('new_employee_series', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  sort: integer('sort').notNull().default(0),
  required: boolean('required').notNull().default(true),
});

/** A learner's assessment of a training project they took part in (/assess). */
export const trainAssessments = pgTable(
  'train_assessments',
  {
    trainId: integer('train_id')
      .notNull()
      .references(() => trains.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<{ content: number; teacher: number; organisation: number }>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.trainId, t.operatorId] })],
);
