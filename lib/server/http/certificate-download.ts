/** The file behind the certificate download, a PDF (./certificate-pdf); errors are envelopes (the client's 下载失败 rule). */
import 'server-only';
import { siteForHost, siteOrigin, siteTitle } from '@/lib/variants';
import { errorText, log } from '@/lib/server/ops/log';
import { certificatePdf } from '@/lib/server/services/learning/certificate-pdf';
import { MSG_NO_FONT } from '@/lib/contract/learning';
import { CODE_SESSION_NONE, SERVER_BUSY_MSG, SESSION_NONE_MSG } from '@/lib/contract/messages';
import { ServiceError, CODE_INVALID, CODE_SERVER } from '@/lib/server/errors';
import { envelope, readJsonBody, requestHost } from '@/lib/server/http/envelope';
import { certificateDetail } from '@/lib/server/services/learning/certificates';
import type { SessionResult } from '@/lib/server/services/accounts/sessions';

/** `session`: the request's, resolved when asked (lib/server/http/media-route certificateDownload). */
export async function serveCertificateDownload(
  request: Request,
  session: () => Promise<SessionResult>,
): Promise<Response> {
  try {
    const body = await readJsonBody(request);
    if (!body.ok) return body.response;
    const id = (body.value as { certificateId?: unknown } | null)?.certificateId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      return envelope(CODE_INVALID, '参数错误：certificateId');
    const who = await session();
    if (!who.ok) return envelope(who.code ?? CODE_SESSION_NONE, SESSION_NONE_MSG);
    const c = await certificateDetail(who.user.operatorID, id);
    const site = siteForHost(requestHost(request));
    const pdf = await certificatePdf(c, siteTitle(site), siteOrigin(site));
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="certificate-${c.serialNo}.pdf"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (err) {
    if (err instanceof ServiceError) return envelope(err.code, err.message);
    if (err instanceof Error && err.message === MSG_NO_FONT) return envelope(CODE_SERVER, MSG_NO_FONT);
    log.error({ err: errorText(err) }, 'certificate download failed');
    return envelope(CODE_SERVER, SERVER_BUSY_MSG);
  }
}
