/**
 * AI subtitles (SPEC 7, course calls): a WebVTT track made for a chapter that has none, by the speech-to-text
 * endpoint of the configured OpenAI-compatible service (`LLM_BASE_URL` + `/audio/transcriptions`, model
 * `LLM_TRANSCRIBE_MODEL`, default whisper-1). The sound is taken from the chapter's video with ffmpeg (mono,
 * 16 kHz, 32 kbit/s MP3: an hour is about 14 MB), the answer is checked to be WebVTT, stored beside the uploads
 * and recorded as the chapter's subtitle, so it is made once and then served like any track. Off when no
 * service is configured; only a learner who chose the course (or its teacher) can ask for one. The work is a job
 * (lib/server/jobs, one per chapter at a time): the request answers at once with its state.
 */
import 'server-only';
import { openAsBlob } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import { db } from '@/lib/server/db';
import { courseChapters, courses } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/errors';
import { clipFor, mediaRoot } from '../media/demo-media';
import { isSafeKey, scratchFile, storage } from '@/lib/server/storage';
import { courseState } from './course-enrolment';
import type { SessionUser } from '../accounts/sessions';
import { runFfmpeg, uploadedMediaOf } from '../media/uploaded-media';
import { config } from '@/lib/server/config';
import { errorText, log } from '@/lib/server/ops/log';
import { JOBS, jobPending, latestJob, queueJob } from '@/lib/server/jobs';
import {
  AI_GENERATED_LABEL,
  type AiSubtitlesResult,
  MSG_SUBTITLES_OFF,
  MSG_SUBTITLES_NO_MEDIA,
  MSG_SUBTITLES_FAILED,
  CHAPTER_MISSING_MSG,
} from '@/lib/contract/learning';

/** A chapter subtitle made here is a storage key under this folder (a demo track is a clip key). */
export const AI_SUBTITLE_PREFIX = 'subtitles/';
const MAX_VTT_BYTES = 2 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10 * 60_000;

/** How long the track's opening label stays on screen. */
const LABEL_CUE_END = '00:00:05.000';

/**
 * A recognised track as it is kept: its header, a cue of the first seconds that shows 【内容由AI生成】 over the
 * video (the explicit label), then the recognised cues.
 */
export function labelAiTrack(vtt: string): string {
  const text = vtt.replace(/\r\n?/g, '\n');
  const split = text.indexOf('\n\n');
  const header = split < 0 ? text.trimEnd() : text.slice(0, split);
  const body = split < 0 ? '' : text.slice(split + 2).replace(/^\n+/, '');
  const label = `00:00:00.000 --> ${LABEL_CUE_END}\n【${AI_GENERATED_LABEL}】\n`;
  return `${header}\n\n${label}${body ? `\n${body}` : ''}`;
}

export function aiSubtitlesConfigured(): boolean {
  return !!config().LLM_BASE_URL && config().LLM_TRANSCRIBE_MODEL !== null;
}

/** A chapter's subtitle track (a demo clip's file, or one made here, in the store), or null. */
export async function readSubtitle(subtitle: string): Promise<string | null> {
  if (subtitle.startsWith(AI_SUBTITLE_PREFIX))
    return isSafeKey(subtitle) ? ((await storage().read(subtitle))?.toString('utf8') ?? null) : null;
  const clip = clipFor(subtitle);
  return clip ? readFile(path.join(mediaRoot(), clip.subtitleFile), 'utf8').catch(() => null) : null;
}

async function subtitleExists(subtitle: string): Promise<boolean> {
  if (subtitle.startsWith(AI_SUBTITLE_PREFIX)) return isSafeKey(subtitle) && (await storage().stat(subtitle)) != null;
  const clip = clipFor(subtitle);
  return (
    !!clip &&
    (await stat(path.join(mediaRoot(), clip.subtitleFile)).then(
      () => true,
      () => false,
    ))
  );
}

export type { AiSubtitlesResult };

const jobKey = (chapterId: number) => `ch${chapterId}`;

async function chapterOf(chapterId: number) {
  const [chapter] = await (
    await db()
  )
    .select({
      courseId: courseChapters.courseId,
      media: courseChapters.media,
      subtitle: courseChapters.subtitle,
      teacherId: courses.teacherId,
    })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  return chapter ?? null;
}

/** The chapter's subtitle when its file is there: a course's own track or one made here. */
async function existingTrack(subtitle: string): Promise<'track' | 'ai' | null> {
  if (!subtitle || !(await subtitleExists(subtitle))) return null;
  return subtitle.startsWith(AI_SUBTITLE_PREFIX) ? 'ai' : 'track';
}

/** The sound's source: a demo clip's file or the uploaded video, or null. */
async function sourceOf(media: string): Promise<Source | null> {
  const clip = clipFor(media);
  // A demo clip is a file of the project; an uploaded video is in the store.
  if (clip) return { file: path.join(mediaRoot(), clip.file) };
  const uploaded = await uploadedMediaOf(media);
  return uploaded ? { key: uploaded.storageKey } : null;
}

/**
 * Asks for a chapter's AI subtitles: `ready` when it has a track; otherwise a job makes one and the answer is
 * `processing` at once (the player polls). `poll` only reports: a job that ended without a track is an error then.
 */
export async function aiSubtitles(user: SessionUser, chapterId: number, poll = false): Promise<AiSubtitlesResult> {
  const chapter = await chapterOf(chapterId);
  if (!chapter) throw new ServiceError(CHAPTER_MISSING_MSG);
  const source = await existingTrack(chapter.subtitle);
  if (source) return { chapterId, state: 'ready', hasSubtitle: true, source };
  const teaches = user.tchrId != null && user.tchrId === chapter.teacherId;
  if (!teaches && !(await courseState(user.operatorID, chapter.courseId)).chosen)
    throw new ServiceError(SELECT_BEFORE_PLAY_MSG);
  if (!aiSubtitlesConfigured()) throw new ServiceError(MSG_SUBTITLES_OFF);
  if (!(await sourceOf(chapter.media))) throw new ServiceError(MSG_SUBTITLES_NO_MEDIA);
  const processing: AiSubtitlesResult = { chapterId, state: 'processing', hasSubtitle: false, source: null };
  // One job per chapter at a time: a second learner asking meanwhile is told it is on its way.
  if (jobPending(await latestJob(JOBS.aiSubtitles, jobKey(chapterId)))) return processing;
  if (poll) throw new ServiceError(MSG_SUBTITLES_FAILED);
  await queueJob(JOBS.aiSubtitles, { chapterId }, jobKey(chapterId));
  return processing;
}

/** The job: makes the track unless the chapter has one by now; a failure is thrown, so the queue retries it. */
export async function runAiSubtitlesJob(data: Record<string, unknown>): Promise<void> {
  const chapterId = Number(data.chapterId);
  const chapter = Number.isInteger(chapterId) ? await chapterOf(chapterId) : null;
  if (!chapter || (await existingTrack(chapter.subtitle))) return;
  const source = await sourceOf(chapter.media);
  if (!source) throw new Error(MSG_SUBTITLES_NO_MEDIA);
  await transcribe(chapterId, source);
}

type Source = { file: string } | { key: string };

async function transcribe(chapterId: number, source: Source): Promise<void> {
  const key = `${AI_SUBTITLE_PREFIX}ch${chapterId}-${Date.now().toString(36)}.vtt`;
  const store = storage();
  const audio = `${scratchFile('work')}.mp3`;
  await mkdir(path.dirname(audio), { recursive: true });
  try {
    // ffmpeg reads a local file: an uploaded video comes down from the store first (S3), or is read in place.
    const extract = (file: string) =>
      runFfmpeg([
        '-v',
        'error',
        '-y',
        '-i',
        file,
        '-vn',
        '-ac',
        '1',
        '-ar',
        '16000',
        '-c:a',
        'libmp3lame',
        '-b:a',
        '32k',
        '-f',
        'mp3',
        audio,
      ]);
    const ok = 'file' in source ? await extract(source.file) : await store.withLocalFile(source.key, extract);
    if (!ok) throw new ServiceError(MSG_SUBTITLES_FAILED);
    const vtt = await requestTranscription(audio);
    await store.put(key, Buffer.from(labelAiTrack(vtt), 'utf8'), { contentType: 'text/vtt; charset=utf-8' });
  } finally {
    await rm(audio, { force: true });
  }
  await (await db()).update(courseChapters).set({ subtitle: key }).where(eq(courseChapters.id, chapterId));
}

async function requestTranscription(audio: string): Promise<string> {
  const c = config();
  const base = c.LLM_BASE_URL!.replace(/\/+$/, '');
  const form = new FormData();
  form.append('model', c.LLM_TRANSCRIBE_MODEL || 'whisper-1');
  form.append('language', 'zh');
  form.append('response_format', 'vtt');
  form.append('file', await openAsBlob(audio, { type: 'audio/mpeg' }), 'chapter.mp3');
  let res: Response;
  try {
    res = await fetch(`${base}/audio/transcriptions`, {
      method: 'POST',
      headers: c.LLM_API_KEY ? { authorization: `Bearer ${c.LLM_API_KEY}` } : {},
      body: form,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (err) {
    log.warn({ err: errorText(err) }, 'subtitles upstream unreachable');
    throw new ServiceError(MSG_SUBTITLES_FAILED);
  }
  const text = (await res.text().catch(() => '')).replace(/^\uFEFF/, '');
  if (!res.ok || !/^WEBVTT(\s|$)/.test(text) || Buffer.byteLength(text) > MAX_VTT_BYTES) {
    log.warn({ status: res.status, vtt: false }, 'subtitles upstream gave no WebVTT');
    throw new ServiceError(MSG_SUBTITLES_FAILED);
  }
  return text;
}
