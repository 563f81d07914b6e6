/**
 * Play sessions of HLS chapters: the ticket (/api/course/playTicket), and the playlists, posters and segments it
 * opens (app/media/hls, app/media/seg). Who gets the whole video and who the trial is the rule of media-stream.ts
 * (SPEC 8/9), decided once, when the ticket is issued; the playlists then only check the ticket.
 */
import 'server-only';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import type { PlayTicket } from '@/lib/contract/learning';
import { CODE_NOT_FOUND, ServiceError } from '@/lib/server/errors';
import type { Site } from '@/lib/variants';
import type { SessionUser } from '../../accounts/sessions';
import type { ResponseCookie } from '../../cookies';
import { courseState } from '../../learning/course-enrolment';
import { clipFor } from '../demo-media';
import { chapterFor } from '../media-stream';
import { ensureDemoPackage } from './demo-packages';
import { qualityLabel } from './ladder';
import { packageKeyOf, packageOf } from './packages';
import {
  newPlayId,
  PLAY_COOKIE,
  PLAY_COOKIE_MAX_AGE_S,
  signTicket,
  subjectOf,
  ticketSeconds,
  validPlayId,
} from './tickets';
import { MEDIA_MISSING_MSG } from '@/lib/contract/learning';

/** Who asks for a ticket: the request's cookies in, the cookies to set out (lib/server/http writes them). */
export interface PlayContext {
  site: Site;
  user: SessionUser | null;
  cookies: Record<string, string>;
  setCookies: ResponseCookie[];
}

/** Issues a play ticket for a chapter, and the play cookie to a browser without one. */
export async function playTicket(chapterId: number, ctx: PlayContext): Promise<PlayTicket> {
  const chapter = await chapterFor(ctx.site, ctx.user, chapterId);
  if (!chapter) throw new ServiceError(MEDIA_MISSING_MSG, CODE_NOT_FOUND);
  const full =
    (!chapter.published && chapter.reviewer) ||
    (await courseState(ctx.user?.operatorID ?? null, chapter.courseId)).chosen;
  const clip = clipFor(chapter.media);
  const key = clip ? await ensureDemoPackage(clip.key) : await packageKeyOf(chapter.media);
  const pkg = key ? await packageOf(key) : null;
  const duration = pkg?.duration || chapter.declared;
  const trialSeconds = Math.min(duration > 0 ? duration : COURSE_TRIAL_SECONDS, COURSE_TRIAL_SECONDS);
  const expires = Math.floor(Date.now() / 1000) + ticketSeconds();
  const base = {
    chapterId,
    scope: full ? 'full' : 'trial',
    trialSeconds,
    expiresAt: new Date(expires * 1000).toISOString(),
  } as const;
  if (!pkg || pkg.state !== 'ready') return { ...base, master: null, poster: null, renditions: [] };
  let play = ctx.cookies[PLAY_COOKIE];
  if (!validPlayId(play)) {
    play = newPlayId();
    ctx.setCookies.push({ name: PLAY_COOKIE, value: play, maxAge: PLAY_COOKIE_MAX_AGE_S, httpOnly: true });
  }
  const ticket = signTicket({
    expires,
    chapterId,
    subject: subjectOf(ctx.user?.operatorID ?? null),
    play,
    media: pkg.key,
    scope: full ? 'full' : 'trial',
  });
  const t = encodeURIComponent(ticket);
  return {
    ...base,
    master: `/media/hls/${chapterId}/master.m3u8?t=${t}`,
    poster: `/media/hls/${chapterId}/poster.jpg?t=${t}`,
    renditions: [...pkg.renditions]
      .sort((a, b) => a.height - b.height)
      .map((r) => ({ name: r.name, height: r.height, label: qualityLabel(r.height) })),
  };
}
