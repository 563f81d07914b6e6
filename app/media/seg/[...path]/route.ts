/**
 * HLS segments, /media/seg/<package>/<rendition>/<segment>.m2ts?e=&s=: each URL signed in its playlist for one browser
 * (services/media/hls/tickets.ts). Behind nginx these never reach the portal (deploy/nginx.conf checks the signature
 * with secure_link and serves the file); this route serves them on a single instance, with the same check.
 */
import { mediaMethodNotAllowed } from '@/lib/server/services/media/media-stream';
import { serveSegment } from '@/lib/server/services/media/hls/play';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serveSegment(request, (await params).path);
}
export async function HEAD(request: Request, context: Context) {
  const res = await GET(request, context);
  return new Response(null, { status: res.status, headers: res.headers });
}
export { mediaMethodNotAllowed as POST, mediaMethodNotAllowed as PUT, mediaMethodNotAllowed as PATCH };
export { mediaMethodNotAllowed as DELETE };
