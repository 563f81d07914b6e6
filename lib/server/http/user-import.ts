/**
 * 用户导入's HTTP face (issue 25): GET /api/manage/userImport/template?format=xlsx|csv, and POST /api/manage/userImport
 * (multipart, one part named `file`, at most IMPORT_MAX_BYTES). The upload answers NDJSON: a line of progress at
 * each step (read, checked, each batch imported) so the screen can draw its bar, then the envelope as the last line.
 * Refusals before the file is read (no session, no power, too large) are the envelope alone.
 */
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { z } from 'zod';
import { SERVER_BUSY_MSG } from '@/lib/contract/messages';
import {
  IMPORT_MAX_BYTES,
  IMPORT_TEMPLATE_NAME,
  type ImportProgress,
  type ImportRefusal,
} from '@/lib/contract/user-import';
import type { RouteContract } from '@/lib/contract/routes';
import { IMPORT_MSG } from '@/lib/validation/user-import';
import { CODE_INVALID, CODE_SERVER, CODE_TOO_LARGE, ServiceError } from '@/lib/server/errors';
import { envelope } from './envelope';
import { route } from './route';
import type { SessionUser } from '../services/accounts/sessions';
import { importOrgNames, importUsers } from '../services/management/user-import';
import { parseImportFile, templateCsv, templateXlsx } from '../services/management/user-import-file';
import { recordOperation } from '../services/management/operation-log';
import { errorText, log } from '../ops/log';

const MULTIPART_OVERHEAD = 16 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const templateQuery: z.ZodType<
  Required<RouteContract['/api/manage/userImport/template']['query']>,
  RouteContract['/api/manage/userImport/template']['query']
> = z.object({ format: z.enum(['xlsx', 'csv']).catch('xlsx') });

export const handleImportTemplate = route(
  {
    name: 'user import template',
    auth: 'user',
    crossSite: true,
    // Anything but csv is the xlsx template.
    input: { query: templateQuery },
    power: 'user-import',
    forbiddenAs403: true,
  },
  async ({ format }, { user }) => {
    const orgNames = await importOrgNames(user);
    const body = format === 'csv' ? Buffer.from(templateCsv(), 'utf8') : await templateXlsx(orgNames);
    const name = `${IMPORT_TEMPLATE_NAME}.${format}`;
    return new Response(new Uint8Array(body), {
      headers: {
        'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
        'content-disposition': `attachment; filename="user-import.${format}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'no-store',
      },
    });
  },
);

/** The file part of the form, whole, or a refusal; more than `limit` bytes is refused as it arrives. */
async function readFilePart(request: Request, limit: number): Promise<Buffer | Response> {
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      defParamCharset: 'utf8',
      limits: { fields: 5, fieldSize: 1024, files: 1, parts: 6, fileSize: limit },
    });
  } catch {
    return envelope(CODE_INVALID, '请使用multipart/form-data上传文件');
  }
  const tooLarge = envelope(CODE_TOO_LARGE, IMPORT_MSG.tooLarge(limit / 1024 / 1024), null, 413);
  return new Promise<Buffer | Response>((resolve) => {
    let file: Promise<Buffer | Response> | null = null;
    bb.on('file', (name, stream) => {
      if (name !== 'file' || file) return void stream.resume();
      file = new Promise((done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('limit', () => done(tooLarge));
        stream.on('error', () => done(envelope(CODE_INVALID, '上传中断，请重试')));
        stream.on('end', () => done(Buffer.concat(chunks)));
      });
    });
    bb.on('error', () => resolve(envelope(CODE_INVALID, '上传内容格式不正确')));
    bb.on('close', () => resolve(file ?? envelope(CODE_INVALID, '请选择要上传的文件')));
    Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
      .on('error', () => resolve(envelope(CODE_INVALID, '上传中断，请重试')))
      .pipe(bb);
  });
}

export const handleUserImport = route(
  { name: 'user import', auth: 'user', crossSite: true, power: 'user-import', forbiddenAs403: true },
  async (_none, { request, user, ip }) => {
    const type = request.headers.get('content-type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data') || !request.body)
      return envelope(CODE_INVALID, '请选择要上传的文件');
    if (Number(request.headers.get('content-length') ?? 0) > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD)
      return envelope(CODE_TOO_LARGE, IMPORT_MSG.tooLarge(IMPORT_MAX_BYTES / 1024 / 1024), null, 413);
    const file = await readFilePart(request, IMPORT_MAX_BYTES);
    if (file instanceof Response) return file;
    return importStream(file, user, ip);
  },
);

/** The import's progress as NDJSON, the envelope as its last line; its row of the operations log says how it ended. */
function importStream(file: Buffer, user: SessionUser, ip: string): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const line = (v: unknown) => controller.enqueue(encoder.encode(JSON.stringify(v) + '\n'));
      const progress = (p: ImportProgress) => line(p);
      try {
        progress({ phase: 'parse', done: 0, total: 0 });
        const parsed = await parseImportFile(file);
        if (!parsed.ok) {
          const data: ImportRefusal = { rows: 0, errors: parsed.errors };
          line({ code: CODE_INVALID, msg: IMPORT_MSG.refused(parsed.errors.length), data });
          return;
        }
        progress({ phase: 'validate', done: 0, total: parsed.rows.length });
        const outcome = await importUsers(user, parsed.rows, progress);
        await recordOperation({
          action: 'user-import',
          outcome: outcome.ok ? 'ok' : 'failed',
          operatorId: user.operatorID,
          target: outcome.ok ? `${outcome.result.created}` : `${outcome.errors.length} errors`,
          detail: `rows ${parsed.rows.length}`,
          ip,
        });
        if (outcome.ok) line({ code: 0, msg: IMPORT_MSG.created(outcome.result.created), data: outcome.result });
        else {
          const data: ImportRefusal = { rows: outcome.rows, errors: outcome.errors };
          line({ code: CODE_INVALID, msg: IMPORT_MSG.refused(outcome.errors.length), data });
        }
      } catch (err) {
        if (err instanceof ServiceError) line({ code: err.code, msg: err.message, data: null });
        else {
          log.error({ err: errorText(err) }, 'user import failed');
          line({ code: CODE_SERVER, msg: SERVER_BUSY_MSG, data: null });
        }
      } finally {
        controller.close();
      }
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
