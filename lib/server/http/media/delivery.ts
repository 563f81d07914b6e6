/**
 * How a stored file reaches the browser once the portal has checked the right to see it: with the S3 store a 302 to
 * a short-lived presigned URL (the store answers the range requests itself); on local disk behind nginx an
 * `X-Accel-Redirect` to its internal location (nginx sends the file); otherwise streamed by this instance with range
 * requests, as before. Files of the project itself (the demo clips in assets/media) are always streamed.
 */
import 'server-only';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { accelRedirectPrefix, isS3, presignSeconds, storage } from '@/lib/server/storage';
import { MEDIA_MISSING_MSG } from '@/lib/contract/learning';

const missing = () =>
  new Response(MEDIA_MISSING_MSG, {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/**
 * One byte range (RFC 9110 14.1.2): `bytes=a-b`, `bytes=a-`, `bytes=-n`. null when absent, and for a Range the server
 * ignores (several ranges, another unit, not parseable, last before first: the whole content is served with 200);
 * 'bad' for one valid range that cannot be satisfied (it starts at or past the end, or a zero-length suffix): 416.
 */
export function parseRange(header: string | null, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? Infinity : Number(m[2]);
  if (last < start) return null;
  if (start >= size) return 'bad';
  return { start, end: Math.min(last, size - 1) };
}

/** Range handling shared by both sources: 416, or 200/206 with the body `open` gives (none for HEAD). */
async function ranged(
  request: Request,
  size: number,
  headers: Headers,
  open: (start: number, end: number) => Promise<Readable | null>,
): Promise<Response> {
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'bad') {
    headers.set('content-range', `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  headers.set('content-length', String(Math.max(0, end - start + 1)));
  if (range) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  const status = range ? 206 : 200;
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  const body = await open(start, end);
  if (!body) return missing();
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}

/** A file of the project (assets/media), streamed with range requests. */
export async function streamLocalFile(request: Request, file: string, headers: Headers): Promise<Response> {
  const size = await stat(file).then(
    (s) => s.size,
    () => -1,
  );
  if (size < 0) return missing();
  headers.set('accept-ranges', 'bytes');
  return ranged(request, size, headers, async (start, end) => createReadStream(file, { start, end }));
}

export interface DeliverOptions {
  /** May the answer be a redirect to the store (presigned) or to nginx (X-Accel-Redirect)? Media: yes. */
  offload?: boolean;
}

/**
 * A stored object (key) with the given headers (content-type, disposition, caching, …), after the caller checked
 * the right to it. With `offload`, the bytes go around Node where the store allows it.
 */
export async function deliverStored(
  request: Request,
  key: string,
  headers: Headers,
  { offload = true }: DeliverOptions = {},
): Promise<Response> {
  const store = storage();
  const seconds = presignSeconds();
  if (offload && isS3(store) && seconds > 0) {
    if (!(await store.stat(key))) return missing();
    const location = await store.presign(key, {
      seconds,
      contentType: headers.get('content-type') ?? undefined,
      disposition: headers.get('content-disposition') ?? undefined,
      // The URL is for whoever was just allowed: no shared cache keeps what it serves.
      cacheControl: 'private, no-store',
    });
    const out = new Headers(headers);
    for (const h of ['content-type', 'content-disposition', 'content-length', 'content-range', 'accept-ranges'])
      out.delete(h);
    out.set('location', location);
    // Never cached: the right is checked on every request, and the URL expires.
    out.set('cache-control', 'private, no-store');
    return new Response(null, { status: 302, headers: out });
  }
  const accel = offload && !isS3(store) ? accelRedirectPrefix() : null;
  if (accel) {
    if (!(await store.stat(key))) return missing();
    // nginx keeps Content-Type, Content-Disposition and Cache-Control of this answer, and serves ranges itself.
    const out = new Headers(headers);
    out.set('x-accel-redirect', `${accel}${key}`);
    out.delete('content-length');
    return new Response(null, { status: 200, headers: out });
  }
  const st = await store.stat(key);
  if (!st) return missing();
  headers.set('accept-ranges', 'bytes');
  return ranged(request, st.size, headers, (start, end) => store.get(key, { start, end }));
}
