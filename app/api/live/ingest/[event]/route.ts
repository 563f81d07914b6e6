/**
 * The ingest's callbacks (deploy/nginx-rtmp.conf: on_publish, on_publish_done, on_record_done), form-encoded as
 * nginx-rtmp sends them; answered with a bare status, which is all nginx-rtmp reads (lib/server/services/live/ingest.ts).
 * No session and no cross-site check: the caller is nginx-rtmp, admitted by its address (LIVE_INGEST_ALLOW).
 */
import { route } from '@/lib/server/http/route';
import { handleIngestCallback } from '@/lib/server/http/live-ingest';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ event: string }> };

const callback = route(
  { name: 'live ingest', auth: 'none', throwUnexpected: true },
  async (_none, { request }, event: string) => handleIngestCallback(request, event),
);

export async function POST(request: Request, { params }: Context) {
  return callback(request, (await params).event);
}
