/**
 * `/media/live-hls/NAME/FILE`: the live HLS of a class on air, fetched from the ingest (LIVE_HLS_UPSTREAM) for a
 * portal that has no nginx in front (development, the end-to-end tests). Behind deploy/nginx.conf, nginx sends this
 * path to the ingest itself and Node never sees it. The stream name is random and given only to signed-in viewers
 * (watching.ts); playlists are never cached, segments are immutable.
 */
import 'server-only';
import { config } from '@/lib/server/config';
import { LIVE_STREAM_UNAVAILABLE_MSG, MEDIA_MISSING_MSG } from '@/lib/contract/learning';

const FILE = /^c\d{1,9}-[0-9a-f]{18}\/(index\.m3u8|[\w-]{1,64}\.ts)$/;
const text = (status: number, body: string) =>
  new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function relayLiveHls(request: Request, parts: string[]): Promise<Response> {
  const rel = parts.join('/');
  if (!FILE.test(rel)) return text(404, MEDIA_MISSING_MSG);
  let upstream: Response;
  try {
    upstream = await fetch(`${config().LIVE_HLS_UPSTREAM}/${rel}`, {
      method: request.method === 'HEAD' ? 'HEAD' : 'GET',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return text(502, LIVE_STREAM_UNAVAILABLE_MSG);
  }
  if (!upstream.ok) return text(upstream.status === 404 ? 404 : 502, MEDIA_MISSING_MSG);
  const playlist = rel.endsWith('.m3u8');
  return new Response(request.method === 'HEAD' ? null : upstream.body, {
    status: 200,
    headers: {
      'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      'cache-control': playlist ? 'no-cache, no-store' : 'public, max-age=86400, immutable',
    },
  });
}
