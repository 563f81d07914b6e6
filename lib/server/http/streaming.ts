/**
 * The HTTP paths that do not fit the JSON endpoint table: multipart uploads streamed to the store, uploaded
 * files served back, and the assistant's streamed answer. They answer failures with the same envelope
 * and Chinese messages as lib/server/http/api-route.ts.
 */
import { pipeline, Readable } from 'node:stream';
import busboy from 'busboy';
import { z } from 'zod';
import { SESSION_MESSAGES, MSG_TOO_LARGE } from '@/lib/contract/messages';
import type { ChatBody } from '@/lib/contract/routes';
import { CODE_FORBIDDEN, CODE_INVALID, CODE_NOT_FOUND, CODE_TOO_LARGE, ServiceError } from '@/lib/server/errors';
import { envelope } from './envelope';
import { route } from './route';
import type { SessionUser } from '../services/accounts/sessions';
import {
  isPublicFile,
  reviewsCover,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  receiveChunk,
  receiveSmallFile,
  servedFile,
  UPLOAD_LIMITS,
  UploadError,
  userHasFile,
} from '../services/spaces/uploads';
import { deliverStored } from './media/delivery';
import { uploadedFileHeaders } from '../services/media/uploaded-media';
import { isShowLLM } from '../services/catalogue/site';
import { mayReadSubmittedFile } from '../services/learning/assignments';
import { takeQuestion } from '../services/assistant/quota';
import { openChat } from '../services/assistant/chat';
import { describeIssues } from '@/lib/validation/common';
import { durable } from '../db';
import { metrics } from '../ops/metrics';
import { ASSISTANT_OFF_MSG, ASSISTANT_UNAVAILABLE_MSG } from '@/lib/contract/learning';

export const MSG_MEDIA_ELSEWHERE = '课程视频请在课程学习页面观看';

/** Room for the multipart framing and fields around a file part. */
const MULTIPART_OVERHEAD = 64 * 1024;

const md5 = z.string().regex(/^[a-fA-F0-9]{32}$/, 'MD5格式不正确');
const fileName = z
  .string()
  .trim()
  .min(1, '请提供文件名')
  .max(200)
  .refine((s) => !/[\\/\0]/.test(s), '文件名不合法');
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const chunkFields = z
  .object({
    fileMd5: md5,
    fileName,
    fileSize: int(1, Number.MAX_SAFE_INTEGER),
    chunkSize: int(MIN_CHUNK_BYTES, MAX_CHUNK_BYTES),
    chunkIndex: int(0, 1_000_000),
    chunkMd5: md5,
  })
  .refine((v) => v.fileSize <= UPLOAD_LIMITS.courseware, { message: '文件过大', path: ['fileSize'] });

export type UploadAction = 'uploadCourseWareFile' | 'uploadResFile' | 'uploadFile';

/**
 * Multipart upload: the fields come first, then one part named `file`, which is streamed to its handler
 * as it arrives. Oversize bodies are refused from Content-Length before anything is read.
 */
export const handleUpload = route(
  { name: 'upload', auth: 'user', crossSite: true },
  async (_none, { request, user }, action: UploadAction) => {
    try {
      const type = request.headers.get('content-type') ?? '';
      if (!type.toLowerCase().startsWith('multipart/form-data'))
        return envelope(CODE_INVALID, '请使用multipart/form-data上传文件');
      const limit =
        action === 'uploadCourseWareFile'
          ? MAX_CHUNK_BYTES
          : action === 'uploadResFile'
            ? UPLOAD_LIMITS.res
            : UPLOAD_LIMITS.file;
      const declared = Number(request.headers.get('content-length') ?? 0);
      if (declared > limit + MULTIPART_OVERHEAD) {
        const msg =
          action === 'uploadCourseWareFile' ? MSG_TOO_LARGE : `文件过大，不能超过${Math.round(limit / 1024 / 1024)}MB`;
        return envelope(CODE_TOO_LARGE, msg, null, 413);
      }
      if (!request.body) return envelope(CODE_INVALID, '请选择要上传的文件');
      const stored = await parseAndStore(request, user, action, type, limit);
      metrics().uploads.inc({ outcome: 'answered' });
      return stored;
    } catch (err) {
      // Counted here; an UploadError answers with the upload's progress, which the client resumes from.
      const expected = err instanceof UploadError || err instanceof ServiceError;
      metrics().uploads.inc({ outcome: expected ? 'refused' : 'failed' });
      if (err instanceof UploadError) return envelope(err.code, err.message, err.progress);
      throw err;
    }
  },
);

export const MSG_FORM_BROKEN = '上传内容格式不正确';
export const MSG_UPLOAD_CUT = '上传中断，请重试';

/**
 * Parses the multipart body and streams its file part to the upload's handler. A body cut off (no closing
 * boundary, the connection dropped, the client gone) ends the file part with an error: the handler stops, closes
 * its file and removes what it wrote, and only then is the refusal answered; nothing is left uncaught.
 */
async function parseAndStore(
  request: Request,
  user: SessionUser,
  action: UploadAction,
  contentType: string,
  limit: number,
): Promise<Response> {
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      highWaterMark: 1024 * 1024,
      fileHwm: 1024 * 1024,
      limits: { fields: 20, fieldSize: 1024, files: 1, parts: 22, fileSize: limit + 1 },
    });
  } catch {
    return envelope(CODE_INVALID, MSG_FORM_BROKEN);
  }
  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>);
  // What broke first: the body (the connection dropped, the client went away) or the form itself.
  let cause = null as 'cut' | 'form' | null;
  source.once('error', () => (cause ??= 'cut'));
  bb.once('error', () => (cause ??= 'form'));
  // Next.js aborts the request's signal when the client's connection closes.
  const onAbort = () => {
    cause ??= 'cut';
    source.destroy(new Error('aborted'));
  };
  request.signal.addEventListener('abort', onAbort, { once: true });
  const fields: Record<string, string> = {};
  let work = null as Promise<unknown> | null;
  let stopped = false as boolean;
  bb.on('field', (name, value) => {
    if (Object.keys(fields).length < 20) fields[name] = value;
  });
  bb.on('file', (name, stream, info) => {
    // A part cut off is destroyed with an error: its reader sees it; it must never be an unhandled 'error' event.
    stream.on('error', () => undefined);
    if (name !== 'file' || work) {
      stream.resume();
      return;
    }
    work = (async () => {
      if (action === 'uploadCourseWareFile') {
        const parsed = chunkFields.safeParse({ fileName: info.filename, ...fields });
        if (!parsed.success) {
          stream.resume();
          throw new ServiceError(describeIssues(parsed.error), CODE_INVALID);
        }
        return receiveChunk(user, parsed.data, stream);
      }
      const name = fileName.safeParse(fields.fileName ?? info.filename);
      if (!name.success) {
        stream.resume();
        throw new ServiceError(describeIssues(name.error), CODE_INVALID);
      }
      return receiveSmallFile(user, action === 'uploadResFile' ? 'res' : 'file', name.data, stream);
    })();
    // A handler that failed before reading its part to the end: drain the rest, so the body arrives whole and the
    // client reads the answer; a part it destroyed (e.g. a write failed) cannot be drained, so the body is stopped.
    work.catch(() => {
      if (stream.readableEnded || stream.errored) return;
      if (!stream.destroyed) stream.resume();
      else {
        stopped = true;
        source.destroy();
      }
    });
  });
  let broken: Error | null;
  try {
    broken = await new Promise<Error | null>((resolve) => pipeline(source, bb, (err) => resolve(err ?? null)));
  } finally {
    request.signal.removeEventListener('abort', onAbort);
  }
  // The handler always settles (its part ended or was destroyed); wait for it, so its scratch file is gone by now.
  const outcome = work
    ? await work.then(
        (data) => ({ ok: true as const, data }),
        (err: unknown) => ({ ok: false as const, err }),
      )
    : null;
  if (outcome && !outcome.ok && (outcome.err instanceof ServiceError || !broken || stopped)) throw outcome.err;
  if (broken) return envelope(CODE_INVALID, cause === 'cut' ? MSG_UPLOAD_CUT : MSG_FORM_BROKEN);
  if (!outcome) return envelope(CODE_INVALID, '请选择要上传的文件');
  if (!outcome.ok) throw outcome.err;
  // The chunk's record survives a power loss before it is acknowledged (lib/server/db/durable.ts).
  await durable();
  return envelope(0, 'success', outcome.data);
}

/**
 * Uploaded files, served so that none can act as a page of the portal: type from content, nosniff, a sandbox CSP.
 * Who gets one is decided by what it is used for: an image that is the cover of a published course is for anyone
 * (the catalogue shows it); everything else is for its uploader only (the creation centre's preview), and a course's
 * cover for those who review the course too. Learners play course videos through /media/chapter/:id, which keeps the
 * trial rule.
 */
export const serveFile = route(
  { name: 'uploaded file', auth: 'none', throwUnexpected: true },
  async (_none, ctx, name: string) => {
    const { request } = ctx;
    const found = await servedFile(name).catch(() => null);
    if (!found) return envelope(CODE_NOT_FOUND, '文件不存在', null, 404);
    const { file } = found;
    const media = file.kind === 'video' || file.kind === 'audio';
    const forAnyone = !media && (await isPublicFile(file));
    if (!forAnyone) {
      // The session is read only for a file that is not public.
      const who = await ctx.session();
      const mine =
        who.ok &&
        ((await userHasFile(who.user, file.id).then(
          () => true,
          () => false,
        )) ||
          // a hand-in's file, for the managers who mark it (/train/task)
          (!media && (await mayReadSubmittedFile(who.user, file.id))) ||
          // The cover of a submitted course, for those who review it.
          (await reviewsCover(who.user, file)));
      if (!mine) {
        if (!media) return envelope(CODE_NOT_FOUND, '文件不存在', null, 404);
        if (!who.ok) return envelope(who.code, SESSION_MESSAGES[who.code]);
        return envelope(CODE_FORBIDDEN, MSG_MEDIA_ELSEWHERE, null, 403);
      }
    }
    // A PDF is an attachment (uploadedFileHeaders): it never runs in the portal's origin.
    const inline = media || file.kind === 'image';
    const headers = new Headers({
      ...uploadedFileHeaders(file, inline),
      // A public cover stops being public when its course leaves the catalogue: kept an hour, not forever.
      'cache-control': forAnyone ? 'public, max-age=3600' : 'private, no-store',
    });
    if (!forAnyone) headers.set('vary', 'Cookie');
    // A video or audio file may go around Node (presigned URL, X-Accel-Redirect); covers and documents keep the
    // sandbox policy this answer gives them, which a store's URL cannot carry.
    return deliverStored(request, file.storageKey, headers, { offload: media });
  },
);

const chatBody: z.ZodType<ChatBody, ChatBody> = z.object({
  messages: z
    .array(
      z.object({
        role: z.enum(['user', 'assistant']),
        content: z.string().trim().min(1, '请输入问题').max(2000, '问题不能超过2000字'),
      }),
    )
    .min(1, '请输入问题')
    .max(20),
});

/** The assistant: only where /api/conversation/isShowLLM says so (main host, signed in, configured). */
export const handleChat = route(
  {
    name: 'assistant',
    auth: 'user',
    methods: ['POST'],
    crossSite: true,
    gate: ({ site, user }) => (isShowLLM(site, user) ? null : new ServiceError(ASSISTANT_OFF_MSG, CODE_FORBIDDEN)),
    input: { json: chatBody, maxBytes: 64 * 1024 },
  },
  async ({ messages }, { request, user }) => {
    const { quota, refund } = await takeQuestion(user);
    let stream: ReadableStream<Uint8Array>;
    // Gone before the question was sent: nothing reached the model.
    const goneBefore = request.signal.aborted;
    try {
      if (goneBefore) throw new ServiceError(ASSISTANT_UNAVAILABLE_MSG);
      stream = await openChat(messages, request.signal);
    } catch (err) {
      // Given back only when the model never had the question. A client that hangs up once it was sent keeps it
      // counted (issue 38): otherwise hanging up before the first byte would be a way round the allowance.
      if (goneBefore || !request.signal.aborted) await refund();
      throw err;
    }
    return new Response(stream, {
      headers: {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
        'x-assistant-left': String(quota.left),
        'x-assistant-limit': String(quota.limit),
      },
    });
  },
);
