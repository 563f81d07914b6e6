/**
 * The recording of an ended live class for signed-in users on a site that shows the class (replay.ts): a recorded
 * broadcast as HLS (`/media/live/ID/hls/index.m3u8` and its segments), or a demo clip streamed with range requests
 * (`/media/live/ID`). The playlist is served by the portal (its segment addresses are relative to it); segments go
 * through the media delivery (a presigned URL on S3, X-Accel-Redirect behind nginx, else streamed).
 */
import 'server-only';
import path from 'node:path';
import { siteForHost, VARIANTS } from '@/lib/variants';
import { requestHost } from '@/lib/server/http/envelope';
import { storage } from '@/lib/server/storage';
import type { SessionUser } from '@/lib/server/services/accounts/sessions';
import { mediaRoot } from '@/lib/server/services/media/demo-media';
import { deliverStored, streamLocalFile } from '@/lib/server/http/media/delivery';
import { replayOf, type Replay } from '@/lib/server/services/live/replay';
import { MEDIA_MISSING_MSG, REPLAY_LOGIN_MSG } from '@/lib/contract/learning';

const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** The replay this request may play, or the answer refusing it. */
async function allowedReplay(request: Request, rawId: string, user: SessionUser | null): Promise<Replay | Response> {
  if (!/^\d{1,9}$/.test(rawId)) return text(404, MEDIA_MISSING_MSG);
  if (!user) return text(401, REPLAY_LOGIN_MSG);
  const site = siteForHost(requestHost(request));
  try {
    return await replayOf({ site, platform: VARIANTS[site.variant].platform }, Number(rawId));
  } catch {
    return text(404, MEDIA_MISSING_MSG);
  }
}

const PRIVATE = { 'cache-control': 'private, no-store', vary: 'Cookie' };

/** `/media/live/ID`: a demo clip's recording, whole (a replay has no trial). */
export async function serveLiveReplay(request: Request, rawId: string, user: SessionUser | null): Promise<Response> {
  const replay = await allowedReplay(request, rawId, user);
  if (replay instanceof Response) return replay;
  if (!replay.clip) return text(404, MEDIA_MISSING_MSG);
  return streamLocalFile(
    request,
    path.join(mediaRoot(), replay.clip.file),
    new Headers({ 'content-type': replay.clip.type, 'x-media-rendition': 'full', ...PRIVATE }),
  );
}

const HLS_FILE = /^(index\.m3u8|seg-\d{5}\.ts)$/;

/** `/media/live/ID/hls/FILE`: the recorded broadcast's playlist or one of its segments. */
export async function serveReplayHls(
  request: Request,
  rawId: string,
  file: string,
  user: SessionUser | null,
): Promise<Response> {
  if (!HLS_FILE.test(file)) return text(404, MEDIA_MISSING_MSG);
  const replay = await allowedReplay(request, rawId, user);
  if (replay instanceof Response) return replay;
  if (!replay.hlsPrefix) return text(404, MEDIA_MISSING_MSG);
  const key = `${replay.hlsPrefix}/${file}`;
  if (file === 'index.m3u8') {
    const body = await storage().read(key);
    if (!body) return text(404, MEDIA_MISSING_MSG);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      headers: { 'content-type': 'application/vnd.apple.mpegurl', ...PRIVATE },
    });
  }
  return deliverStored(request, key, new Headers({ 'content-type': 'video/mp2t', ...PRIVATE }));
}
