/**
 * Range-request streaming of the media store (lib/server/services/media/demo-media.ts) and of course videos uploaded in the creation
 * centre (uploaded-media.ts), with the trial rule of SPEC 8/9 applied on the server: the full rendition only for a
 * learner who has chosen (选学) the course, the trial cut (and subtitles up to the trial limit) for anyone else. A
 * course not in the catalogue (never approved, returned, changed since approval) is served to those who review it
 * only: its creator and holders of "course-review" over its creator's organisation. A chapter that is a document
 * (PDF, Word, PowerPoint, Excel) has no trial: it is served whole to those who get the full video and to the course's
 * own teacher, and refused to anyone else.
 */
import 'server-only';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { siteForHost, type Site } from '@/lib/variants';
import { db } from '@/lib/server/db';
import { courseChapters, courses, operators } from '@/lib/server/db/schema';
import { CODE_METHOD } from '@/lib/server/errors';
import { envelope, requestHost } from '@/lib/server/http/envelope';
import { clipFor, mediaRoot, trialSeconds } from './demo-media';
import { visibleCourses } from '../audience';
import { courseState } from '../learning/course-enrolment';
import type { SessionUser } from '../accounts/sessions';
import { inScope, powerScope } from '../management/powers';
import {
  readyTrialRendition,
  uploadedDocumentOf,
  uploadedFileHeaders,
  uploadedMediaOf,
  uploadedTrialSeconds,
} from './uploaded-media';
import { queueMissingTrialCut } from './trial-cuts';
import { readSubtitle } from '../learning/ai-subtitles';
import { deliverStored, parseRange, streamLocalFile } from './delivery';
import { SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import { MEDIA_MISSING_MSG, MEDIA_METHOD_MSG } from '@/lib/contract/learning';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** Any method but GET and HEAD on a media route: the envelope with a Chinese message, never an empty 405. */
export function mediaMethodNotAllowed(): Response {
  const res = envelope(CODE_METHOD, MEDIA_METHOD_MSG, null, 405);
  res.headers.set('allow', 'GET, HEAD');
  return res;
}

export { parseRange };

/** A WebVTT track cut for a learner on trial: the header and cues that start before `seconds`, nothing after. */
export function trimVtt(vtt: string, seconds: number): string {
  const blocks = vtt.replace(/\r\n?/g, '\n').split(/\n{2,}/);
  const kept = blocks.filter((block) => {
    const timing = /(?:^|\n)(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})[ \t]+-->/.exec(block);
    if (!timing) return !/^NOTE(?:\s|$)/.test(block);
    const start = Number(timing[1] ?? 0) * 3600 + Number(timing[2]) * 60 + Number(timing[3]) + Number(timing[4]) / 1000;
    return start < seconds;
  });
  return `${kept.join('\n\n').trimEnd()}\n`;
}

interface ChapterAccess {
  courseId: number;
  media: string;
  subtitle: string;
  declared: number;
  /** In the catalogue of this host (approved, published to one of its audiences). */
  published: boolean;
  /** The viewer reviews the course: its creator, or a holder of "course-review" over it (POST /api/course/audit). */
  reviewer: boolean;
  /** The viewer is the course's own teacher: its creator, or the teacher it is given under. */
  owner: boolean;
}

/**
 * A chapter as this viewer may see it: its course must be in the host's catalogue (the catalogue's own rule,
 * visibleCourses), or the viewer must review it (its creator, a holder of "course-review"); null otherwise, as for no chapter at all.
 * The player's media, subtitles and self tests all ask here.
 */
export async function chapterFor(
  site: Site,
  user: Pick<SessionUser, 'operatorID' | 'tchrId'> | null,
  chapterId: number,
): Promise<ChapterAccess | null> {
  const d = await db();
  const [row] = await d
    .select({
      courseId: courseChapters.courseId,
      media: courseChapters.media,
      subtitle: courseChapters.subtitle,
      declared: courseChapters.durationSeconds,
      creatorId: courses.creatorId,
      teacherId: courses.teacherId,
      published: sql<boolean>`(${visibleCourses({ site, platform: false })})`,
      creatorOrgId: sql<
        number | null
      >`(select ${operators.orgId} from ${operators} where ${operators.id} = ${courses.creatorId})`,
    })
    .from(courseChapters)
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .where(eq(courseChapters.id, chapterId));
  if (!row) return null;
  const owner =
    user != null && (row.creatorId === user.operatorID || (row.teacherId != null && row.teacherId === user.tchrId));
  // A course not in the catalogue is shown to its creator and to those who may review it: the power "course-review"
  // over the creator's organisation (an academy course, with no creator, needs it over the whole institution).
  const reviewer =
    user != null &&
    (row.creatorId === user.operatorID ||
      (!row.published && inScope(await powerScope(user, 'course-review'), row.creatorOrgId)));
  if (!row.published && !reviewer) return null;
  return {
    courseId: row.courseId,
    media: row.media,
    subtitle: row.subtitle,
    declared: row.declared,
    published: !!row.published,
    reviewer,
    owner,
  };
}

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
