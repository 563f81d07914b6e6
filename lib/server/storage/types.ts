/** The object store's interface: what uploads, media, subtitles and jobs need of it, on local disk or S3. */
import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP's Range header gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  size: number;
  modified: Date;
}

export interface PutOptions {
  /** Required with a stream body (S3 needs Content-Length before the first byte). */
  length?: number;
  contentType?: string;
  /** Hex MD5 of the body, when known: S3 refuses bytes that do not match it (BadDigest). */
  md5?: string;
  /** Aborts the request: a stream body that stops short must end it (the store would wait for the rest). */
  signal?: AbortSignal;
}

export interface PresignOptions {
  seconds: number;
  contentType?: string;
  disposition?: string;
  cacheControl?: string;
}

export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer | string | Readable, opts?: PutOptions): Promise<void>;
  /** Stores a local file under `key`; `move` lets the store take the file (a rename on local disk). */
  putFile(key: string, file: string, opts?: { move?: boolean; contentType?: string }): Promise<void>;
  /** The object's bytes (a range of them), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** A small object whole (a subtitle track), or null. */
  read(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: end it with '/'); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  list(prefix: string): AsyncIterable<StoredObject>;
  /**
   * Runs `fn` with a local file holding the object (ffmpeg needs one): the file itself on local disk, a
   * temporary download from S3 (removed afterwards). null when there is no such object.
   */
  withLocalFile<T>(key: string, fn: (file: string) => Promise<T>): Promise<T | null>;
  /** A short-lived URL that serves the object to anyone holding it (S3 only; the caller checks the right first). */
  presign?(key: string, opts: PresignOptions): Promise<string>;
  /** Throws when the store cannot be reached (readiness checks). */
  ping(): Promise<void>;
}
