/**
 * The S3 store (`STORAGE_URL`): any S3-compatible endpoint (MinIO, Aliyun OSS, Tencent COS, Huawei OBS, AWS) through
 * `@aws-sdk/client-s3`. Besides the common operations it offers what the chunked uploads build on: multipart uploads
 * (each chunk one part, the parts' ETags kept in the database so any instance can add the next and complete), and
 * presigned GET URLs, so media reaches the browser from the store, not through Node.
 *
 * STORAGE_URL: `s3://ACCESS:SECRET@HOST[:PORT]/BUCKET[/PREFIX][?region=…&forcePathStyle=0|1&tls=0|1]`, or the same
 * with `http://` / `https://`. `s3://` means HTTPS except on a loopback host (127.x, ::1, localhost), where it is
 * HTTP; `tls` overrides that. ACCESS and SECRET are URL-encoded (a secret with `/` or `+` needs it); without them the
 * SDK's usual sources apply (AWS_ACCESS_KEY_ID, …). region defaults to us-east-1; forcePathStyle to 1 when the host
 * is an IP address or localhost (no virtual-hosted bucket names there), else 0 (Aliyun OSS requires 0; MinIO
 * usually 1). PREFIX puts every key under a folder of a shared bucket.
 */
import 'server-only';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { isSafeKey, scratchFile } from './local';
import type { ByteRange, ObjectStore, PresignOptions, PutOptions, StoredObject } from './types';

// The SDK is loaded on first use: a process on local disk (and a test in a browser-like environment, where the SDK
// resolves to its browser build) never loads it.
type Sdk = typeof import('@aws-sdk/client-s3');
let sdkLoading: Promise<Sdk> | null = null;
const sdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

export interface S3Settings {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;
const flag = (v: string | null) => (v == null ? null : /^(1|true|yes|on)$/i.test(v));

/** Parses STORAGE_URL (format above); throws with a message naming the variable when it cannot be used. */
export function parseStorageUrl(raw: string): S3Settings {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('STORAGE_URL is not a URL (s3://ACCESS:SECRET@HOST:PORT/BUCKET?region=…)');
  }
  const scheme = url.protocol.replace(/:$/, '');
  if (!['s3', 'http', 'https'].includes(scheme))
    throw new Error(`STORAGE_URL: unknown scheme ${scheme}: (s3, http or https)`);
  const host = url.hostname;
  const tls = flag(url.searchParams.get('tls')) ?? (scheme === 's3' ? !LOOPBACK.test(host) : scheme === 'https');
  const [bucket, ...rest] = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (!bucket) throw new Error('STORAGE_URL names no bucket (…/BUCKET after the host)');
  const prefix = rest.join('/');
  if (prefix && !isSafeKey(prefix)) throw new Error('STORAGE_URL: the key prefix after the bucket is not a safe path');
  const user = decodeURIComponent(url.username);
  const pass = decodeURIComponent(url.password);
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    bucket,
    prefix: prefix ? `${prefix}/` : '',
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle:
      flag(url.searchParams.get('forcePathStyle')) ?? (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || LOOPBACK.test(host)),
    credentials: user ? { accessKeyId: user, secretAccessKey: pass } : undefined,
  };
}

async function clientOf(s: S3Settings, endpoint = s.endpoint): Promise<S3Client> {
  const config: S3ClientConfig = {
    endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: s.credentials,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are not spoken by most S3-compatible stores (OSS, COS,
    // OBS, s3rver): checksums only where the API requires one. Content-MD5 is sent where the caller knows it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // A store that stops answering fails the request instead of holding it (and its upload) forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
  };
  return new (await sdk()).S3Client(config);
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};
const base64Md5 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');

export interface Part {
  partNumber: number;
  etag: string;
}

export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: Promise<S3Client>;
  private readonly signer: Promise<S3Client>;

  /** `publicEndpoint`: where browsers reach the store, when not at the endpoint the instances use (presigned URLs). */
  constructor(
    readonly settings: S3Settings,
    publicEndpoint?: string,
  ) {
    this.client = clientOf(settings);
    this.signer = publicEndpoint ? clientOf(settings, publicEndpoint.replace(/\/+$/, '')) : this.client;
  }

  private k(key: string): string {
    if (!isSafeKey(key) && !(key.endsWith('/') && isSafeKey(key.slice(0, -1))) && key !== '')
      throw new Error(`unsafe storage key ${JSON.stringify(key)}`);
    return this.settings.prefix + key;
  }
  private get Bucket() {
    return this.settings.bucket;
  }

  async put(key: string, body: Buffer | string | Readable, opts: PutOptions = {}): Promise<void> {
    const isStream = !(typeof body === 'string' || Buffer.isBuffer(body));
    if (isStream && opts.length == null) throw new Error('S3Store.put: a stream needs its length');
    await (
      await this.client
    ).send(
      new (await sdk()).PutObjectCommand({
        Bucket: this.Bucket,
        Key: this.k(key),
        Body: body,
        ContentLength: isStream ? opts.length : Buffer.byteLength(body as Buffer | string),
        ContentType: opts.contentType,
        ContentMD5: opts.md5 ? base64Md5(opts.md5) : undefined,
      }),
      { abortSignal: opts.signal },
    );
  }

  async putFile(key: string, file: string, opts: { move?: boolean; contentType?: string } = {}): Promise<void> {
    const { size } = await stat(file);
    // One PUT up to 5 GB (uploads stop at 2 GB).
    await this.put(key, createReadStream(file), { length: size, contentType: opts.contentType });
    if (opts.move) await rm(file, { force: true });
  }

  async get(key: string, range?: ByteRange, ifMatch?: string): Promise<Readable | null> {
    try {
      const out = await (
        await this.client
      ).send(
        new (await sdk()).GetObjectCommand({
          Bucket: this.Bucket,
          Key: this.k(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          IfMatch: ifMatch,
        }),
      );
      return out.Body as Readable;
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async read(key: string): Promise<Buffer | null> {
    const body = await this.get(key);
    if (!body) return null;
    const parts: Buffer[] = [];
    for await (const piece of body) parts.push(piece as Buffer);
    return Buffer.concat(parts);
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const out = await (
        await this.client
      ).send(new (await sdk()).HeadObjectCommand({ Bucket: this.Bucket, Key: this.k(key) }));
      return { key, size: Number(out.ContentLength ?? 0), modified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await (await this.client).send(new (await sdk()).DeleteObjectCommand({ Bucket: this.Bucket, Key: this.k(key) }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    // One DELETE each: DeleteObjects needs a Content-MD5 or checksum that not every compatible store takes.
    let n = 0;
    for await (const o of this.list(prefix)) {
      await this.delete(o.key);
      n++;
    }
    return n;
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    const skip = this.settings.prefix.length;
    do {
      const out = await (
        await this.client
      ).send(
        new (await sdk()).ListObjectsV2Command({
          Bucket: this.Bucket,
          Prefix: this.k(prefix),
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? [])
        if (o.Key) yield { key: o.Key.slice(skip), size: Number(o.Size ?? 0), modified: o.LastModified ?? new Date(0) };
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T | null> {
    const body = await this.get(key);
    if (!body) return null;
    const file = scratchFile('work');
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(body, createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(file, { force: true }).catch(() => undefined);
    }
  }

  async presign(key: string, opts: PresignOptions): Promise<string> {
    const cmd = new (await sdk()).GetObjectCommand({
      Bucket: this.Bucket,
      Key: this.k(key),
      ResponseContentType: opts.contentType,
      ResponseContentDisposition: opts.disposition,
      ResponseCacheControl: opts.cacheControl,
    });
    return (await import('@aws-sdk/s3-request-presigner')).getSignedUrl(await this.signer, cmd, {
      expiresIn: opts.seconds,
    });
  }

  async ping(): Promise<void> {
    await (await this.client).send(new (await sdk()).HeadBucketCommand({ Bucket: this.Bucket }));
  }

  async copy(from: string, to: string): Promise<void> {
    // Keys are safe path segments: nothing in them needs encoding but the separator is kept.
    await (
      await this.client
    ).send(
      new (await sdk()).CopyObjectCommand({
        Bucket: this.Bucket,
        Key: this.k(to),
        CopySource: `${this.Bucket}/${this.k(from)}`,
      }),
    );
  }

  async createMultipart(key: string): Promise<string> {
    const out = await (
      await this.client
    ).send(new (await sdk()).CreateMultipartUploadCommand({ Bucket: this.Bucket, Key: this.k(key) }));
    if (!out.UploadId) throw new Error('the store gave no multipart upload id');
    return out.UploadId;
  }

  /** One part (1-10000) of a multipart upload; returns its ETag, which completing it needs. */
  async uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable | Buffer,
    length: number,
    opts: { md5?: string; signal?: AbortSignal } = {},
  ): Promise<string> {
    const out = await (
      await this.client
    ).send(
      new (await sdk()).UploadPartCommand({
        Bucket: this.Bucket,
        Key: this.k(key),
        UploadId: uploadId,
        PartNumber: partNumber,
        Body: body,
        ContentLength: length,
        ContentMD5: opts.md5 ? base64Md5(opts.md5) : undefined,
      }),
      { abortSignal: opts.signal },
    );
    return out.ETag ?? '';
  }

  async completeMultipart(key: string, uploadId: string, parts: Part[]): Promise<void> {
    await (
      await this.client
    ).send(
      new (await sdk()).CompleteMultipartUploadCommand({
        Bucket: this.Bucket,
        Key: this.k(key),
        UploadId: uploadId,
        MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
      }),
    );
  }

  async abortMultipart(key: string, uploadId: string): Promise<void> {
    await (
      await this.client
    )
      .send(
        new (await sdk()).AbortMultipartUploadCommand({ Bucket: this.Bucket, Key: this.k(key), UploadId: uploadId }),
      )
      .catch((err: unknown) => {
        if (!notFound(err) && (err as { name?: string }).name !== 'NoSuchUpload') throw err;
      });
  }
}
