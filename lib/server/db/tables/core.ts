/**
 * Core tables: people, sessions, the catalogue and study records, shared by every domain.
 * Content tables carry `audiences`: the audiences (general, party, student) they are published to.
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

export const audiences = () =>
  text('audiences')
    .array()
    .notNull()
    .default(sql`'{general}'::text[]`);
export const created = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const orgs = pgTable('orgs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  kind: smallint('kind').notNull().default(1), // 1 research institute, 2 functional department, 3 university
  /** The organisation this one belongs to (a division of an institute); null at the top. Scoped roles cover a subtree. */
  parentId: integer('parent_id'),
});

export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(), // 1 internal, 2 external (SPEC 9)
    title: text('title').notNull().default(''),
    orgName: text('org_name').notNull().default(''),
    field: text('field').notNull().default(''),
    intro: text('intro').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gender: smallint('gender').notNull().default(1),
    courseCount: integer('course_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    audiences: audiences(),
  },
  (t) => [index('teachers_type_idx').on(t.type, t.sort)],
);

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(), // operatorID
    userId: text('user_id').notNull(), // login name
    email: text('email'),
    name: text('name').notNull(),
    orgId: integer('org_id').references(() => orgs.id),
    passwordHash: text('password_hash').notNull(),
    tchrId: integer('tchr_id').references(() => teachers.id),
    headPic: text('head_pic').notNull().default(''),
    gender: smallint('gender').notNull().default(1),
    positionLevel: smallint('position_level').notNull().default(0),
    remark: text('remark').notNull().default(''),
    audience: text('audience').notNull().default('general'),
    cmsRoles: jsonb('cms_roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActivated: boolean('is_activated').notNull().default(true),
    isDefaultPassword: boolean('is_default_password').notNull().default(false),
    esUserId: text('es_user_id'),
    /** The WeChat identity bound for QR login (type 17): the unionid, or the openid when WeChat gives none. */
    wxUnionId: text('wx_union_id'),
    /** The mobile number a password may be retrieved with by SMS (SPEC 7 smsCode/sendForgetPasswordCode). */
    mobile: text('mobile'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('operators_user_id_idx').on(sql`lower(${t.userId})`),
    uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('operators_mobile_idx').on(t.mobile),
    uniqueIndex('operators_wx_union_id_idx').on(t.wxUnionId),
    // The unit report lists an organisation's learners in id order (keyset pages of the export).
    index('operators_org_idx').on(t.orgId, t.id),
  ],
);

/** Sessions (DESIGN 5): the token is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: created(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null while valid; 'replaced' after a newer login of the same account (-> 2001); 'logout'. */
    endedReason: text('ended_reason'),
    /** Whether this sign-in passed the second factor (TOTP, a recovery code or a remembered browser). */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('sessions_operator_idx').on(t.operatorId)],
);

/** Captchas: single-use, expiring; only the answer's hash is kept. */
export const captchas = pgTable('captchas', {
  uuid: text('uuid').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

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

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  audiences: audiences(),
});

export const liveClasses = pgTable(
  'live_classes',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    teacherId: integer('teacher_id').references(() => teachers.id),
    cover: text('cover').notNull().default(''),
    summary: text('summary').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'date' }).notNull(),
    recordHours: integer('record_hours').notNull().default(0),
    /** The recording of an ended class: a clip of the media store (lib/server/services/media/demo-media.ts); '' when there is none. */
    replayMedia: text('replay_media').notNull().default(''),
    audiences: audiences(),
    /**
     * The secret of the class's RTMP stream key (services/live/stream-keys.ts): random, shown to its teacher and
     * managers only, replaced when they regenerate it. null until first asked for.
     */
    streamKey: text('stream_key'),
    /** The stream's public name: its live HLS folder and recordings (random, given to signed-in viewers). */
    streamName: text('stream_name'),
    /** When the current broadcast began (the ingest's on_publish); null while nothing is published. */
    onAirAt: timestamp('on_air_at', { withTimezone: true, mode: 'date' }),
    /** When it was first broadcast: from then on its replay is its recording (packaged after each broadcast). */
    broadcastAt: timestamp('broadcast_at', { withTimezone: true, mode: 'date' }),
    /** The recorded broadcast packaged as HLS in the file store (a key prefix), '' until there is one. */
    recordingPrefix: text('recording_prefix').notNull().default(''),
    recordingSeconds: integer('recording_seconds').notNull().default(0),
    /** The organisation the class belongs to: the power 'live-manage' over it manages the class; null: the whole institution's. */
    orgId: integer('org_id').references(() => orgs.id, { onDelete: 'set null' }),
    /** When its teacher or a manager finished it early (/api/live/finish): its key is refused from then on, with no margin. */
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('live_start_idx').on(t.startAt),
    uniqueIndex('live_stream_name_idx').on(t.streamName),
    index('live_org_idx').on(t.orgId),
  ],
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

/** Dictionaries (ddictionary/list and the train criteria). */
export const dictionaries = pgTable(
  'dictionaries',
  {
    dictType: text('dict_type').notNull(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dictType, t.code] })],
);

/** Site-wide settings: platform detail, audit setting, assistant switch. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

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

/** Learning stations (学习岗位站): a user binds the stations of their post (the post-station dialog, accounts). */
export const stations = pgTable('stations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  summary: text('summary').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** The stations a user has bound. */
export const operatorStations = pgTable(
  'operator_stations',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.stationId] })],
);

/** Courses recommended for a station (the station-specific recommendations, spaces). */
export const stationCourses = pgTable(
  'station_courses',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.courseId] })],
);
