/**
 * Range-request streaming of the media store (lib/server/media.ts) and of course videos uploaded in the creation
 * centre (uploaded-media.ts), with the trial rule of SPEC 8/9 applied on the server: the full rendition only for a
 * learner who has chosen (选学) the course.
 */
import { requestToken } from '@/lib/server/request-token';
import 'server-only';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { db } from '../db';
import { courseChapters } from '../db/schema';
import { clipFor, mediaRoot } from '../media';
import { courseState } from './course-enrolment';
import { resolveSession } from './sessions';
import { trialRendition, uploadedMediaOf, uploadedTrialSeconds } from './uploaded-media';
import { subtitleFileOf } from './ai-subtitles';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/api/messages';

const text = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null when absent, 'bad' when unsatisfiable. */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'bad';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) return 'bad';
  return { start, end };
}

export async function serveChapterMedia(request: Request, rawId: string): Promise<Response> {
  if (!/^\d{1,9}$/.test(rawId)) return text(404, '资源不存在');
  const d = await db();
  const [chapter] = await d
    .select({ courseId: courseChapters.courseId, media: courseChapters.media, subtitle: courseChapters.subtitle, declared: courseChapters.durationSeconds })
    .from(courseChapters)
    .where(eq(courseChapters.id, Number(rawId)));
  const url = new URL(request.url);
  if (url.searchParams.get('track') === 'vtt') {
    // The chapter's subtitle track: a demo clip's, or one made by AI subtitles.
    const file = chapter?.subtitle ? subtitleFileOf(chapter.subtitle) : null;
    if (!file || !(await stat(file).then(() => true, () => false))) return text(404, '资源不存在');
    const body = Readable.toWeb(createReadStream(file)) as ReadableStream;
    return new Response(body, { headers: { 'content-type': 'text/vtt; charset=utf-8', 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' } });
  }
  const clip = chapter ? clipFor(chapter.media) : null;
  // A chapter plays a demo clip or a video uploaded in the creation centre.
  const uploaded = chapter && !clip ? await uploadedMediaOf(chapter.media) : null;
  if (!chapter || (!clip && !uploaded)) return text(404, '资源不存在');

  const token = requestToken(request);
  const session = token ? await resolveSession(token) : null;
  const operatorId = session?.ok ? session.user.operatorID : null;
  const state = await courseState(operatorId, chapter.courseId);
  const full = state.chosen;
  let file: string;
  if (clip) file = path.join(mediaRoot(), full ? clip.file : clip.trialFile);
  else if (full) file = uploaded!.fullPath;
  else {
    const trial = await trialRendition(uploaded!, uploadedTrialSeconds(chapter.declared));
    // No trial rendition could be made: nothing of the course leaves the server before 选学.
    if (!trial) return text(403, SELECT_BEFORE_PLAY_MSG);
    file = trial;
  }
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return text(404, '资源不存在');
  }
  const headers = new Headers({
    'content-type': clip ? clip.type : uploaded!.mime,
    'accept-ranges': 'bytes',
    // Depends on who asks: never shared by caches.
    'cache-control': 'private, no-store',
    vary: 'Cookie',
    'x-media-rendition': full ? 'full' : 'trial',
  });
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'bad') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('content-length', String(end - start + 1));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  if (request.method === 'HEAD') return new Response(null, { status: range ? 206 : 200, headers });
  const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
  return new Response(stream, { status: range ? 206 : 200, headers });
}
