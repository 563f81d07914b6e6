/**
 * The media routes (app/media/*) through the one route wrapper (lib/server/http/route): each handler below is the
 * service's answer with the session read for it, and mediaRoutes gives a route file GET and HEAD (HEAD without the
 * body), any other method the media 405 envelope. 'optional' reads the session only when the request brings a
 * token (the player's requests); the signed segment URLs and the live relay read none. An unexpected failure is
 * left to Next.js (a 500), as a media element expects.
 */
import { serveCertificateDownload } from './certificate-download';
import { relayLiveHls } from './media/live-hls';
import { serveLiveReplay, serveReplayHls } from './media/replay';
import { serveHls, serveSegment } from './media/hls';
import { mediaMethodNotAllowed, serveChapterMedia } from './media/chapter';
import { route } from './route';

const SIGNED_IN_IF_TOKEN = { name: 'media', auth: 'optional', throwUnexpected: true } as const;
const NO_SESSION = { name: 'media', auth: 'none', throwUnexpected: true } as const;

/** `/media/chapter/ID`: a chapter's video or document, or its subtitle track. */
export const chapterMedia = route(SIGNED_IN_IF_TOKEN, (_none, { request, user }, rawId: string) =>
  serveChapterMedia(request, rawId, user),
);
/** `/media/hls/ID/FILE?t=`: a chapter's HLS playlists and poster for one play ticket. */
export const chapterHls = route(SIGNED_IN_IF_TOKEN, (_none, { request, user }, parts: string[]) =>
  serveHls(request, parts, user),
);
/** `/media/seg/...`: a segment whose URL is signed for one browser. */
export const hlsSegment = route(NO_SESSION, (_none, { request }, parts: string[]) => serveSegment(request, parts));
/** `/media/live-hls/...`: the HLS of a class on air, relayed from the ingest. */
export const liveHls = route(NO_SESSION, (_none, { request }, parts: string[]) => relayLiveHls(request, parts));
/** `/media/live/ID`: an ended class's recording when it is a clip. */
export const liveReplay = route(SIGNED_IN_IF_TOKEN, (_none, { request, user }, rawId: string) =>
  serveLiveReplay(request, rawId, user),
);
/** `/media/live/ID/hls/FILE`: an ended class's recorded broadcast. */
export const liveReplayHls = route(SIGNED_IN_IF_TOKEN, (_none, { request, user }, rawId: string, file: string) =>
  serveReplayHls(request, rawId, file, user),
);
/** POST `/media/certificate`: a certificate as a PDF; its failures are envelopes (the client's 下载失败 rule). */
export const certificateDownload = route(
  { name: 'certificate download', auth: 'none', crossSite: true },
  // The session is read after the body is checked, as the download always did.
  (_none, { request, session }) => serveCertificateDownload(request, session),
);

export function mediaRoutes<K extends string, V extends string | string[] = string>(
  key: K,
  served: (request: Request, raw: V) => Promise<Response>,
) {
  type Context = { params: Promise<Record<K, V>> };
  const GET = async (request: Request, { params }: Context) => served(request, (await params)[key]);
  const HEAD = async (request: Request, context: Context) => {
    const res = await GET(request, context);
    return new Response(null, { status: res.status, headers: res.headers });
  };
  return {
    GET,
    HEAD,
    POST: mediaMethodNotAllowed,
    PUT: mediaMethodNotAllowed,
    PATCH: mediaMethodNotAllowed,
    DELETE: mediaMethodNotAllowed,
  };
}
