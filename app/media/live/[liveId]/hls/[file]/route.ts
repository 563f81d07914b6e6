/**
 * A recorded live class's replay as HLS: its playlist and segments, for signed-in users on a site that shows the
 * class (lib/server/services/live/replay-media.ts). Other methods get the JSON envelope (405).
 */
import { mediaMethodNotAllowed } from '@/lib/server/http/media/chapter';
import { liveReplayHls } from '@/lib/server/http/media-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ liveId: string; file: string }> };

export async function GET(request: Request, { params }: Context) {
  const { liveId, file } = await params;
  return liveReplayHls(request, liveId, file);
}
export async function HEAD(request: Request, context: Context) {
  const res = await GET(request, context);
  return new Response(null, { status: res.status, headers: res.headers });
}
export { mediaMethodNotAllowed as POST, mediaMethodNotAllowed as PUT };
export { mediaMethodNotAllowed as PATCH, mediaMethodNotAllowed as DELETE };
