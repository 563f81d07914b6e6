/**
 * AI subtitles (SPEC 7, course calls): a WebVTT track made for a chapter that has none, by the speech-to-text
 * endpoint of the configured OpenAI-compatible service (`LLM_BASE_URL` + `/audio/transcriptions`, model
 * `LLM_TRANSCRIBE_MODEL`, default whisper-1). The sound is taken from the chapter's video with ffmpeg (mono,
 * 16 kHz, 32 kbit/s MP3: an hour is about 14 MB), the answer is checked to be WebVTT, stored in the file store
 * and recorded as the chapter's subtitle, so it is made once and then served like any track. Off when no
 * service is configured; only a learner who chose the course (or its teacher) can ask for one.
 */
import 'server-only';
import { openAsBlob } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import { db } from '@/lib/server/db';
import { courseChapters, courses } from '@/lib/server/db/schema';
import { ServiceError } from '@/lib/server/http/errors';
import { clipFor, mediaRoot } from '../media/demo-media';
import { isSafeKey, scratchFile, storage } from '@/lib/server/storage';
import { courseState } from './course-enrolment';
import type { SessionUser } from '../accounts/sessions';
import { runFfmpeg, uploadedMediaOf } from '../media/uploaded-media';

export const MSG_SUBTITLES_OFF = 'AI字幕未开放';
export const MSG_SUBTITLES_NO_MEDIA = '该章节没有可识别的视频';
export const MSG_SUBTITLES_FAILED = 'AI字幕生成失败，请稍后再试';
export const MSG_CHAPTER_MISSING = '章节不存在';

/** A chapter subtitle made here is a storage key under this folder (a demo track is a clip key). */
export const AI_SUBTITLE_PREFIX = 'subtitles/';
const MAX_VTT_BYTES = 2 * 1024 * 1024;
const UPSTREAM_TIMEOUT_MS = 10 * 60_000;
const inFlight = new Map<number, Promise<void>>();

export function aiSubtitlesConfigured(): boolean {
  return !!process.env.LLM_BASE_URL && process.env.LLM_TRANSCRIBE_MODEL !== '';
}

/** A chapter's subtitle track (a demo clip's file, or one made here, in the store), or null. */
export async function readSubtitle(subtitle: string): Promise<string | null> {
  if (subtitle.startsWith(AI_SUBTITLE_PREFIX)) return isSafeKey(subtitle) ? ((await storage().read(subtitle))?.toString('utf8') ?? null) : null;
  const clip = clipFor(subtitle);
  return clip ? readFile(path.join(mediaRoot(), clip.subtitleFile), 'utf8').catch(() => null) : null;
}

async function subtitleExists(subtitle: string): Promise<boolean> {
  if (subtitle.startsWith(AI_SUBTITLE_PREFIX)) return isSafeKey(subtitle) && (await storage().stat(subtitle)) != null;
  const clip = clipFor(subtitle);
  return !!clip && (await stat(path.join(mediaRoot(), clip.subtitleFile)).then(() => true, () => false));
}

export interface AiSubtitlesResult {
  chapterId: number;
  hasSubtitle: true;
  source: 'track' | 'ai';
}

export async function aiSubtitles(user: SessionUser, chapterId: number): Promise<AiSubtitlesResult> {
  const d = await db();
  const [chapter] = await d
    .select({ courseId: courseChapters.courseId, media: courseChapters.media, subtitle: courseChapters.subtitle, teacherId: courses.teacherId })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  if (!chapter) throw new ServiceError(MSG_CHAPTER_MISSING);
  if (chapter.subtitle && (await subtitleExists(chapter.subtitle))) {
    return { chapterId, hasSubtitle: true, source: chapter.subtitle.startsWith(AI_SUBTITLE_PREFIX) ? 'ai' : 'track' };
  }
  const teaches = user.tchrId != null && user.tchrId === chapter.teacherId;
  if (!teaches && !(await courseState(user.operatorID, chapter.courseId)).chosen) throw new ServiceError(SELECT_BEFORE_PLAY_MSG);
  if (!aiSubtitlesConfigured()) throw new ServiceError(MSG_SUBTITLES_OFF);
  const clip = clipFor(chapter.media);
  // A demo clip is a file of the project; an uploaded video is in the store.
  const source: Source | null = clip ? { file: path.join(mediaRoot(), clip.file) } : await uploadedMediaOf(chapter.media).then((m) => (m ? { key: m.storageKey } : null));
  if (!source) throw new ServiceError(MSG_SUBTITLES_NO_MEDIA);
  // One transcription per chapter at a time; a second request waits for the first.
  let job = inFlight.get(chapterId);
  if (!job) {
    job = transcribe(chapterId, source).finally(() => inFlight.delete(chapterId));
    inFlight.set(chapterId, job);
  }
  await job;
  return { chapterId, hasSubtitle: true, source: 'ai' };
}

type Source = { file: string } | { key: string };

async function transcribe(chapterId: number, source: Source): Promise<void> {
  const key = `${AI_SUBTITLE_PREFIX}ch${chapterId}-${Date.now().toString(36)}.vtt`;
  const store = storage();
  const audio = `${scratchFile('work')}.mp3`;
  await mkdir(path.dirname(audio), { recursive: true });
  try {
    // ffmpeg reads a local file: an uploaded video comes down from the store first (S3), or is read in place.
    const extract = (file: string) => runFfmpeg(['-v', 'error', '-y', '-i', file, '-vn', '-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '32k', '-f', 'mp3', audio]);
    const ok = 'file' in source ? await extract(source.file) : await store.withLocalFile(source.key, extract);
    if (!ok) throw new ServiceError(MSG_SUBTITLES_FAILED);
    const vtt = await requestTranscription(audio);
    await store.put(key, Buffer.from(vtt, 'utf8'), { contentType: 'text/vtt; charset=utf-8' });
  } finally {
    await rm(audio, { force: true });
  }
  await (await db()).update(courseChapters).set({ subtitle: key }).where(eq(courseChapters.id, chapterId));
}

async function requestTranscription(audio: string): Promise<string> {
  const base = process.env.LLM_BASE_URL!.replace(/\/+$/, '');
  const form = new FormData();
  form.append('model', process.env.LLM_TRANSCRIBE_MODEL || 'whisper-1');
  form.append('language', 'zh');
  form.append('response_format', 'vtt');
  form.append('file', await openAsBlob(audio, { type: 'audio/mpeg' }), 'chapter.mp3');
  let res: Response;
  try {
    res = await fetch(`${base}/audio/transcriptions`, {
      method: 'POST',
      headers: process.env.LLM_API_KEY ? { authorization: `Bearer ${process.env.LLM_API_KEY}` } : {},
      body: form,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (err) {
    console.warn(`[subtitles] upstream unreachable: ${err instanceof Error ? err.message : String(err)}`);
    throw new ServiceError(MSG_SUBTITLES_FAILED);
  }
  const text = (await res.text().catch(() => '')).replace(/^\uFEFF/, '');
  if (!res.ok || !/^WEBVTT(\s|$)/.test(text) || Buffer.byteLength(text) > MAX_VTT_BYTES) {
    console.warn(`[subtitles] upstream answered HTTP ${res.status}${res.ok ? ' without WebVTT' : ''}`);
    throw new ServiceError(MSG_SUBTITLES_FAILED);
  }
  return text;
}
