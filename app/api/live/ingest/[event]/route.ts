/**
 * The ingest's callbacks (deploy/nginx-rtmp.conf: on_publish, on_publish_done, on_record_done), form-encoded as
 * nginx-rtmp sends them; answered with a bare status, which is all nginx-rtmp reads (lib/server/services/live/ingest.ts).
 */
import { handleIngestCallback } from '@/lib/server/services/live/ingest-route';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ event: string }> };

export async function POST(request: Request, { params }: Context) {
  return handleIngestCallback(request, (await params).event);
}
