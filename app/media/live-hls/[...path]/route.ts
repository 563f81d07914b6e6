/** The live HLS of a class on air, relayed from the ingest (lib/server/services/live/hls-relay.ts). */
import { mediaMethodNotAllowed } from '@/lib/server/services/media/media-stream';
import { relayLiveHls } from '@/lib/server/services/live/hls-relay';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ path: string[] }> };

export async function GET(request: Request, { params }: Context) {
  return relayLiveHls(request, (await params).path);
}
export const HEAD = GET;
export { mediaMethodNotAllowed as POST, mediaMethodNotAllowed as PUT };
export { mediaMethodNotAllowed as PATCH, mediaMethodNotAllowed as DELETE };
