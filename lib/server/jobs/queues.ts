/**
 * The portal's jobs: what runs off the request path, and how each is retried. The handlers are in workers.ts, which
 * imports the services; the services import index.ts to queue jobs, so neither imports the other.
 */
import type { QueuePolicy } from './types';

export const JOBS = {
  /** The trial rendition of an uploaded course video (ffmpeg, stream copy): queued when its chapter is saved. */
  trialCut: 'media-trial-cut',
  /** The HLS package of an uploaded course video (ffmpeg, H.264/AAC renditions): queued when its chapter is saved. */
  hlsTranscode: 'media-hls-transcode',
  /** A chapter's AI subtitles (ffmpeg, then the speech-to-text service): queued by the player's request. */
  aiSubtitles: 'learning-ai-subtitles',
  /** Scratch files of abandoned uploads: every few minutes, on one instance. */
  uploadSweep: 'uploads-sweep',
  /** A broadcast live class's recordings packaged as its HLS replay (ffmpeg, stream copy): queued by the ingest. */
  liveRecording: 'live-recording',
} as const;

export type JobName = (typeof JOBS)[keyof typeof JOBS];

/** Minutes between two upload sweeps. */
export const UPLOAD_SWEEP_EVERY_MINUTES = 5;

export const POLICIES: Record<JobName, QueuePolicy & { everyMinutes?: number }> = {
  [JOBS.trialCut]: {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // ffmpeg's own limit is 2 minutes (uploaded-media.ts).
    expireInSeconds: 5 * 60,
  },
  [JOBS.hlsTranscode]: {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    // ffmpeg's own limit is 3 hours (services/media/hls/ffmpeg.ts): a long lecture at two threads.
    expireInSeconds: 3 * 3600 + 600,
  },
  [JOBS.aiSubtitles]: {
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    // The speech-to-text call alone may take 10 minutes (ai-subtitles.ts), the sound extraction a few more.
    expireInSeconds: 15 * 60,
  },
  [JOBS.uploadSweep]: {
    retryLimit: 0,
    retryDelaySeconds: 60,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
    everyMinutes: UPLOAD_SWEEP_EVERY_MINUTES,
  },
  [JOBS.liveRecording]: {
    retryLimit: 3,
    retryDelaySeconds: 30,
    retryBackoff: true,
    // Stream copy of a few hours of recording takes seconds to a minute; its ffmpeg limit is 30 minutes.
    expireInSeconds: 35 * 60,
  },
};
