/**
 * Numbers of the learning domain that are not in SPEC 9 (those live in lib/constants.ts). Shared by the
 * player, the server and the tests, so no server-only imports here.
 */
/** The player sends a heartbeat this often while playing, and on pause, chapter end and page hide. */
export const HEARTBEAT_INTERVAL_S = 15;
/** Most wall-clock seconds one heartbeat may claim (a beat that waited in the queue is still one interval). */
export const HEARTBEAT_MAX_WATCHED_S = 120;
/** Tolerance for timer jitter between the player's clock and the server's. */
export const HEARTBEAT_SLACK_S = 3;
/** Fastest playback speed offered; media seconds covered per studied second cannot exceed it. */
export const MAX_PLAYBACK_RATE = 2;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;
/** Uncredited time older than this is forgotten: a heartbeat cannot claim a day of idle time. */
export const STUDY_BACKLOG_CAP_S = 6 * 60 * 60;
/** A chapter counts as finished when watched to within this many seconds of its end. */
export const CHAPTER_END_TOLERANCE_S = 3;
/** The batch player's lock on a course lasts this long without a heartbeat. */
export const STUDY_LOCK_S = 60;
/** Most heartbeats in one batch submit (the retry queue is flushed in batches). */
export const BATCH_SUBMIT_MAX = 50;
/** localStorage key of heartbeats that could not be delivered yet. */
export const HEARTBEAT_QUEUE_KEY = 'learning-heartbeat-queue';
