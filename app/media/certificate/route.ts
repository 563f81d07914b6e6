/**
 * Certificate download (issue 5 point 6): POST { certificateId } -> the certificate as an SVG file. A failure is
 * answered with the JSON envelope, which the client turns into 下载失败 (SPEC 8); so is another site's page
 * (非法的跨站请求, as every POST of the backend) and any other method (405).
 */
import { certificateDownload } from '@/lib/server/http/media-route';
import { CODE_METHOD } from '@/lib/server/errors';
import { MSG_METHOD } from '@/lib/contract/messages';
import { envelope } from '@/lib/server/http/envelope';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => certificateDownload(request);

function methodNotAllowed(): Response {
  const res = envelope(CODE_METHOD, MSG_METHOD, null, 405);
  res.headers.set('allow', 'POST');
  return res;
}

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
