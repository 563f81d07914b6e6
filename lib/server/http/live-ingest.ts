/**
 * The HTTP face of the ingest's callbacks: only from the addresses of LIVE_INGEST_ALLOW (the nginx-rtmp hosts), the
 * socket's peer whatever X-Forwarded-For says (TRUST_PROXY applies to clients, not to the ingest);
 * `publish` answers 200 (accepted) or 403; `update` (on_update of a running stream) 200, or 403 to cut it;
 * `publish_done` and `record_done` answer 204, or 404 for a stream the portal does not know.
 */
import 'server-only';
import { config } from '@/lib/server/config';
import { peerAddress } from '@/lib/server/http/request-info';
import { errorText, log } from '@/lib/server/ops/log';
import { authorizePublish, authorizeUpdate, publishDone, recordDone } from '@/lib/server/services/live/ingest';

const bare = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { 'cache-control': 'no-store', ...headers } });

export async function handleIngestCallback(request: Request, event: string): Promise<Response> {
  const plain = (a: string) => a.replace(/^::ffff:(?=\d+\.)/, '');
  const ip = plain(peerAddress(request));
  if (!config().LIVE_INGEST_ALLOW.map(plain).includes(ip)) {
    log.warn({ ip, event }, 'live ingest callback from an address not in LIVE_INGEST_ALLOW');
    return bare(403);
  }
  let form: URLSearchParams;
  try {
    form = new URLSearchParams(await request.text());
  } catch {
    return bare(400);
  }
  const name = form.get('name') ?? '';
  try {
    if (event === 'publish') {
      const decision = await authorizePublish(name, form.get('key') ?? '');
      if (!decision.ok) {
        log.info({ reason: decision.reason, addr: form.get('addr') }, 'live publish refused');
        return bare(403);
      }
      return bare(200);
    }
    if (event === 'update') {
      const decision = await authorizeUpdate(name, form.get('key') ?? '');
      if (!decision.ok) log.info({ reason: decision.reason, addr: form.get('addr') }, 'live stream cut');
      return bare(decision.ok ? 200 : 403);
    }
    if (event === 'publish_done') return bare((await publishDone(name)) ? 204 : 404);
    if (event === 'record_done') return bare((await recordDone(name, form.get('path') ?? '')) ? 204 : 404);
    return bare(404);
  } catch (err) {
    log.error({ err: errorText(err), event }, 'live ingest callback failed');
    return bare(500);
  }
}
