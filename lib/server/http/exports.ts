/**
 * GET /api/manage/export?table=learners|months&format=csv|xlsx&<the unit report's filters>: a table of the unit area
 * as a file, streamed from the database in batches (lib/server/services/management/unit-report-export.ts). The power and the
 * organisation filter are checked before the first byte; a refusal is the usual envelope (403 with code 1003).
 */
import { PassThrough, Readable } from 'node:stream';
import { exportQuery, exportSchema } from '@/lib/validation/management';
import { route } from './route';
import { reportTarget } from '../services/management/unit-report';
import { exportFileName, writeExport } from '../services/management/unit-report-export';
import { errorText, log } from '../ops/log';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const handleExport = route(
  {
    name: 'export',
    auth: 'user',
    crossSite: true,
    input: { query: exportSchema, read: exportQuery },
    power: 'unit-report',
    audit: {
      action: 'report-export',
      target: ({ table, format }) => `${table}.${format}`,
      // The filters: JSON leaves out the keys set to undefined.
      detail: (i) => JSON.stringify({ ...i, table: undefined, format: undefined }).slice(0, 400),
    },
    forbiddenAs403: true,
  },
  async ({ table, format, ...filters }, { request, user }) => {
    // The organisation filter is checked here, against the scope of the power.
    const target = await reportTarget(user, filters);
    const name = exportFileName(table, format, target.year);
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
  },
);
