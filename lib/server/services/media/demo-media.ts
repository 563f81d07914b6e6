/**
 * The media store of the player: the demo clips made by the project (assets/media, committed), each with its
 * duration, a trial rendition cut at the trial limit (SPEC 9: 3 minutes) and a WebVTT track. A visitor or a
 * learner who has not chosen the course is served the trial rendition only, so no byte past the trial leaves
 * the server. Uploaded course files (lib/server/storage) would be added here with their own renditions.
 */
import 'server-only';
import path from 'node:path';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';

export interface Clip {
  key: string;
  /** Seconds, of the full rendition. */
  duration: number;
  file: string;
  trialFile: string;
  subtitleFile: string;
  type: string;
}

const clip = (key: string, duration: number): Clip => ({
  key,
  duration,
  file: `${key}.webm`,
  trialFile: `${key}.trial.webm`,
  subtitleFile: `${key}.vtt`,
  type: 'video/webm',
});

export const CLIPS: Readonly<Record<string, Clip>> = {
  'demo-1': clip('demo-1', 300),
  'demo-2': clip('demo-2', 240),
  'demo-3': clip('demo-3', 360),
};

export function mediaRoot(): string {
  return path.join(process.cwd(), 'assets', 'media');
}

export function clipFor(media: string): Clip | null {
  return Object.hasOwn(CLIPS, media) ? CLIPS[media] : null;
}

/** Playable seconds of a chapter: its clip's duration, or the chapter's declared duration without a clip. */
export function chapterDuration(media: string, declared: number): number {
  return clipFor(media)?.duration ?? declared;
}

/** Seconds a learner on trial may play of a clip. */
export function trialSeconds(c: Clip): number {
  return Math.min(c.duration, COURSE_TRIAL_SECONDS);
}
