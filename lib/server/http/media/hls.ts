/** The HLS routes (app/media/hls, app/media/seg): playlists, posters and segments a play ticket opens. */
import 'server-only';
import { COURSE_TRIAL_SECONDS } from '@/lib/constants';
import { readCookie } from '@/lib/server/http/cookies';
import { isSafeKey, storage } from '@/lib/server/storage';
import type { SessionUser } from '@/lib/server/services/accounts/sessions';
import { deliverStored } from '@/lib/server/http/media/delivery';
import { packageFolder } from '@/lib/server/services/media/hls/packages';
import { rewriteMaster, rewriteMedia } from '@/lib/server/services/media/hls/playlists';
import {
  checkTicket,
  PLAY_COOKIE,
  subjectOf,
  validPlayId,
  validSegment,
} from '@/lib/server/services/media/hls/tickets';
import { MEDIA_MISSING_MSG, PLAY_TICKET_INVALID_MSG } from '@/lib/contract/learning';

const plain = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** `/media/hls/<chapterId>/<file>?t=<ticket>`: master.m3u8, `<rendition>.m3u8`, poster.jpg. */
export async function serveHls(request: Request, parts: string[], user: SessionUser | null): Promise<Response> {
  const [rawId, file] = parts;
  if (parts.length !== 2 || !/^\d{1,9}$/.test(rawId ?? '') || !/^[\w-]+\.(m3u8|jpg)$/.test(file ?? ''))
    return plain(404, MEDIA_MISSING_MSG);
  const url = new URL(request.url);
  const play = readCookie(request.headers.get('cookie'), PLAY_COOKIE);
  const ticketValue = url.searchParams.get('t');
  const check = checkTicket(ticketValue, {
    chapterId: Number(rawId),
    subject: subjectOf(user?.operatorID ?? null),
    play: validPlayId(play) ? play : null,
  });
  if (check.result !== 'ok' || !check.ticket) return plain(403, PLAY_TICKET_INVALID_MSG);
  const t = check.ticket;
  const folder = packageFolder(t.media);
  if (file === 'poster.jpg')
    return deliverStored(
      request,
      `${folder}/poster.jpg`,
      new Headers({ 'content-type': 'image/jpeg', 'cache-control': 'private, max-age=3600' }),
    );
  const name = file.slice(0, -'.m3u8'.length);
  const storedKey = name === 'master' ? `${folder}/master.m3u8` : `${folder}/${name}/index.m3u8`;
  if (!isSafeKey(storedKey)) return plain(404, MEDIA_MISSING_MSG);
  const stored = await storage().read(storedKey);
  if (!stored) return plain(404, MEDIA_MISSING_MSG);
  const body =
    name === 'master'
      ? rewriteMaster(stored.toString('utf8'), ticketValue!)
      : rewriteMedia(
          stored.toString('utf8'),
          `/media/seg/${t.media}/${name}`,
          t,
          t.scope === 'trial' ? COURSE_TRIAL_SECONDS : Infinity,
        );
  return new Response(request.method === 'HEAD' ? null : body, {
    headers: {
      'content-type': 'application/vnd.apple.mpegurl',
      // Signed for this viewer: never kept by a shared cache.
      'cache-control': 'private, no-store',
      'x-media-rendition': t.scope,
    },
  });
}

/** Segments are named by content and never change: any cache may keep them for a year. */
export const SEGMENT_CACHE = 'public, max-age=31536000, immutable';

/**
 * `/media/seg/<key>/<rendition>/<segment>.m2ts?e=&s=`: the signature checked as nginx's secure_link checks it (in the
 * cluster nginx answers these itself and this is not reached). Then the store delivers: a presigned redirect on S3,
 * X-Accel-Redirect behind nginx, else streamed.
 */
export async function serveSegment(request: Request, parts: string[]): Promise<Response> {
  const url = new URL(request.url);
  const key = `hls/${parts.join('/')}`;
  if (parts.length !== 3 || !/^[\w-]+\.m2ts$/.test(parts[2]) || !isSafeKey(key)) return plain(404, MEDIA_MISSING_MSG);
  const play = readCookie(request.headers.get('cookie'), PLAY_COOKIE);
  if (!validSegment(url.pathname, url.searchParams.get('e'), url.searchParams.get('s'), play))
    return plain(403, PLAY_TICKET_INVALID_MSG);
  return deliverStored(request, key, new Headers({ 'content-type': 'video/mp2t', 'cache-control': SEGMENT_CACHE }));
}
