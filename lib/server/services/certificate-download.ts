/** The file behind the certificate download; errors are envelopes (the client's 下载失败 rule). */
import { requestToken } from '@/lib/server/request-token';
import 'server-only';
import { certificateSvg } from '@/lib/learning/certificate-svg';
import { siteForHost, siteTitle } from '@/lib/variants';
import { CODE_SESSION_NONE, SESSION_NONE_MSG } from '@/lib/api/messages';
import { ServiceError, CODE_INVALID } from '../errors';
import { certificateDetail } from './certificates';
import { resolveSession } from './sessions';

const json = (code: number, msg: string) => new Response(JSON.stringify({ code, msg, data: null }), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });

export async function serveCertificateDownload(request: Request): Promise<Response> {
  try {
    const body = (await request.json().catch(() => null)) as { certificateId?: unknown } | null;
    const id = body?.certificateId;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return json(CODE_INVALID, '参数错误：certificateId');
    const token = requestToken(request);
    const session = await resolveSession(token);
    if (!session.ok) return json(session.code ?? CODE_SESSION_NONE, SESSION_NONE_MSG);
    const c = await certificateDetail(session.user.operatorID, id);
    const site = siteForHost(request.headers.get('host') ?? '');
    const svg = certificateSvg(c, siteTitle(site));
    return new Response(svg, {
      headers: {
        'content-type': 'image/svg+xml; charset=utf-8',
        'content-disposition': `attachment; filename="certificate-${c.serialNo}.svg"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (err) {
    if (err instanceof ServiceError) return json(err.code, err.message);
    return json(1500, '服务器繁忙，请稍后再试');
  }
}
