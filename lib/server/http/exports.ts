/**
 * GET /api/manage/export?table=learners|months&format=csv|xlsx&<the unit report's filters>: a table of the unit area
 * as a file, streamed from the database in batches (lib/server/services/reports/export.ts). The power and the
 * organisation filter are checked before the first byte; a refusal is the usual envelope (403 with code 1003).
 */
import { PassThrough, Readable } from 'node:stream';
import { SERVER_BUSY_MSG, SESSION_MESSAGES } from '@/lib/contract/messages';
import { exportQuery, exportSchema } from '@/lib/validation/management';
import { describeIssues } from '@/lib/validation/common';
import { CODE_FORBIDDEN, CODE_INVALID, CODE_SERVER, MSG_CROSS_SITE, ServiceError } from './errors';
import { envelope, isCrossSite } from './envelope';
import { clientAddress, requestToken } from './request-info';
import { resolveSession } from '../services/accounts/sessions';
import { reportTarget } from '../services/reports/unit-report';
import { exportFileName, writeExport } from '../services/reports/export';
import { recordOperation } from '../services/management/operation-log';
import { errorText, log } from '../ops/log';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function handleExport(request: Request): Promise<Response> {
  try {
    if (isCrossSite(request)) return envelope(CODE_FORBIDDEN, MSG_CROSS_SITE, null, 403);
    const session = await resolveSession(requestToken(request));
    if (!session.ok) return envelope(session.code, SESSION_MESSAGES[session.code]);
    const parsed = exportSchema.safeParse(exportQuery(new URL(request.url).searchParams));
    if (!parsed.success) return envelope(CODE_INVALID, describeIssues(parsed.error));
    const { table, format, ...filters } = parsed.data;
    const target = await reportTarget(session.user, filters);
    const name = exportFileName(table, format, target.year);
    await recordOperation({
      action: 'report-export',
      outcome: 'ok',
      operatorId: session.user.operatorID,
      target: `${table}.${format}`,
      detail: JSON.stringify(filters).slice(0, 400),
      ip: clientAddress(request),
    });
    const out = new PassThrough({ highWaterMark: 256 * 1024 });
    const aborted = new AbortController();
    request.signal.addEventListener('abort', () => aborted.abort(), { once: true });
    writeExport(target, table, format, out, aborted.signal).catch((err: unknown) => {
      log.error({ table, format, err: errorText(err) }, 'export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
    return new Response(Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>, {
      headers: {
        'content-type': CONTENT_TYPES[format],
        'content-disposition': `attachment; filename="${table}.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'no-store',
      },
    });
  } catch (err) {
    if (err instanceof ServiceError)
      return envelope(err.code, err.message, null, err.code === CODE_FORBIDDEN ? 403 : 200);
    log.error({ err: errorText(err) }, 'export failed');
    return envelope(CODE_SERVER, SERVER_BUSY_MSG);
  }
}
