/** Live classes (see lib/server/db/schema.ts): the schedule, the stream and its recording. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { audiences } from './columns';
import { orgs } from './accounts';
import { teachers } from './teachers';
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
