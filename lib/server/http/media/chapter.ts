/** The chapter media route (app/media/chapter): the answer to a request, by the rule of services/media/media-stream. */
import 'server-only';
import path from 'node:path';
import { siteForHost } from '@/lib/variants';
import { CODE_METHOD } from '@/lib/server/errors';
import { envelope, requestHost } from '@/lib/server/http/envelope';
import { clipFor, mediaRoot, trialSeconds } from '@/lib/server/services/media/demo-media';
import { courseState } from '@/lib/server/services/learning/course-enrolment';
import type { SessionUser } from '@/lib/server/services/accounts/sessions';
import {
  readyTrialRendition,
  uploadedDocumentOf,
  uploadedFileHeaders,
  uploadedMediaOf,
  uploadedTrialSeconds,
} from '@/lib/server/services/media/uploaded-media';
import { queueMissingTrialCut } from '@/lib/server/services/media/trial-cuts';
import { readSubtitle } from '@/lib/server/services/learning/ai-subtitles';
import { deliverStored, parseRange, streamLocalFile } from '@/lib/server/http/media/delivery';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import { MEDIA_MISSING_MSG, MEDIA_METHOD_MSG } from '@/lib/contract/learning';

import { chapterFor, trimVtt } from '@/lib/server/services/media/media-stream';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** Any method but GET and HEAD on a media route: the envelope with a Chinese message, never an empty 405. */
export function mediaMethodNotAllowed(): Response {
  const res = envelope(CODE_METHOD, MEDIA_METHOD_MSG, null, 405);
  res.headers.set('allow', 'GET, HEAD');
  return res;
}

export { parseRange };

/** `user`: the session's, when the request came with a good one (lib/server/http/media-route). */
export async function serveChapterMedia(request: Request, rawId: string, user: SessionUser | null): Promise<Response> {
  if (!/^\d{1,9}$/.test(rawId)) return text(404, MEDIA_MISSING_MSG);
  const chapter = await chapterFor(siteForHost(requestHost(request)), user, Number(rawId));
  if (!chapter) return text(404, MEDIA_MISSING_MSG);
  const clip = clipFor(chapter.media);
  // A chapter plays a demo clip or a video uploaded in the creation centre, or is a document uploaded there.
  const uploaded = clip ? null : await uploadedMediaOf(chapter.media);
  const doc = clip || uploaded ? null : await uploadedDocumentOf(chapter.media);
  // The whole course for a learner who chose it; a course not yet published, whole, for those who review it.
  const full =
    (!chapter.published && chapter.reviewer) || (await courseState(user?.operatorID ?? null, chapter.courseId)).chosen;
  const trialLimit = clip ? trialSeconds(clip) : uploadedTrialSeconds(chapter.declared);

  const url = new URL(request.url);
  if (url.searchParams.get('track') === 'vtt') {
    // The chapter's subtitle track (a demo clip's, or one made by AI subtitles); on trial, no cue past the trial.
    const vtt = chapter.subtitle ? await readSubtitle(chapter.subtitle) : null;
    if (vtt == null) return text(404, MEDIA_MISSING_MSG);
    const body = full ? vtt : trimVtt(vtt, trialLimit);
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: {
        'content-type': 'text/vtt; charset=utf-8',
        'cache-control': 'private, no-store',
        vary: 'Cookie',
        'x-content-type-options': 'nosniff',
        'x-media-rendition': full ? 'full' : 'trial',
      },
    });
  }
  if (!clip && !uploaded && !doc?.storageKey) return text(404, MEDIA_MISSING_MSG);

  const rendition = full || doc ? 'full' : 'trial';
  if (clip)
    return streamFile(request, path.join(mediaRoot(), full ? clip.file : clip.trialFile), {
      'content-type': clip.type,
      'x-media-rendition': rendition,
    });
  let key: string;
  if (doc) {
    // A document has no trial rendition: nothing of it before 选学, for anyone but the course's teacher.
    if (!full && !chapter.owner) return text(403, SELECT_BEFORE_PLAY_MSG);
    key = doc.storageKey!;
  } else if (full) key = uploaded!.storageKey;
  else {
    const trial = await readyTrialRendition(uploaded!, trialLimit);
    // No trial rendition (not made yet, or it could not be): nothing of the course leaves the server before 选学.
    if (!trial) {
      await queueMissingTrialCut(chapter.media, uploaded!, trialLimit);
      return text(403, SELECT_BEFORE_PLAY_MSG);
    }
    key = trial;
  }
  // Checked above: from here the bytes may go around Node (a presigned URL, nginx's X-Accel-Redirect).
  return deliverStored(
    request,
    key,
    new Headers({
      // A document as the uploaded-file route serves it: downloaded, under the sandbox policy.
      ...(doc ? uploadedFileHeaders(doc, doc.mime === 'application/pdf') : { 'content-type': uploaded!.mime }),
      'x-media-rendition': rendition,
      'cache-control': 'private, no-store',
      vary: 'Cookie',
    }),
  );
}

/**
 * A file of the project (a demo clip) with range requests (GET and HEAD), with the given headers; never shared by
 * caches (who may see it depends on who asks).
 */
function streamFile(request: Request, file: string, own: Record<string, string>): Promise<Response> {
  return streamLocalFile(
    request,
    file,
    new Headers({ ...own, 'accept-ranges': 'bytes', 'cache-control': 'private, no-store', vary: 'Cookie' }),
  );
}
