/**
 * A chapter's HLS playlists and poster for one play ticket (`?t=`): /media/hls/<chapterId>/master.m3u8,
 * /media/hls/<chapterId>/<rendition>.m3u8, /media/hls/<chapterId>/poster.jpg. Without a valid ticket: 403.
 */
import { mediaMethodNotAllowed } from '@/lib/server/services/media/media-stream';
import { serveHls } from '@/lib/server/services/media/hls/play';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return serveHls(request, (await params).path);
}
export async function HEAD(request: Request, context: Context) {
  const res = await GET(request, context);
  return new Response(null, { status: res.status, headers: res.headers });
}
export { mediaMethodNotAllowed as POST, mediaMethodNotAllowed as PUT, mediaMethodNotAllowed as PATCH };
export { mediaMethodNotAllowed as DELETE };
