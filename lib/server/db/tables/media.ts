/**
 * HLS packages of course videos (lib/server/services/media/hls): one row per source file (an upload's md5-size, or
 * a demo clip's key), written by the transcoding job as it runs, read by the creation centre (转码中 NN%, 转码失败)
 * and by the play tickets (which renditions exist, how long the video is).
 */
import { integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

export interface HlsRendition {
  /** Its folder and playlist name: `360p`, `720p`, `1080p`, or the source's own height (`180p`). */
  name: string;
  width: number;
  height: number;
  /** Peak bits per second (the master playlist's BANDWIDTH). */
  bandwidth: number;
}

export const mediaPackages = pgTable('media_packages', {
  /** The source's key: `<md5>-<size>` of an upload, `demo-1` of a demo clip; the store folder is `hls/<key>/`. */
  key: text('key').primaryKey(),
  /** queued, running, ready, failed. */
  state: text('state').notNull().default('queued'),
  percent: integer('percent').notNull().default(0),
  renditions: jsonb('renditions').$type<HlsRendition[]>().notNull().default([]),
  /** Seconds, read by ffprobe. */
  duration: real('duration').notNull().default(0),
  /** Target segment length in seconds (the playlists' EXT-X-TARGETDURATION may be one more). */
  segmentSeconds: integer('segment_seconds').notNull().default(5),
  /** Why it failed (ffmpeg's last line), for the logs; users see 转码失败：文件无法识别. */
  error: text('error').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
