/**
 * The upload acceptance rule, one for every store: the local disk (chunks.ts, publish.ts, small.ts) and the S3
 * store (remote.ts) call the same functions. A file is taken when its first bytes are a type the portal knows and
 * its name agrees (file-types.ts), when that type is of a kind its upload call takes, and, for a chunked upload
 * once assembled, when it is the file announced (MD5 and size).
 */
import { ACCEPT, detectFileType, type FileType } from '../file-types';
import { MSG_FILE_MD5, MSG_TYPE, type UploadCall } from './common';

/**
 * While a file's first bytes arrive: the refusal once `head` holds the `sniffAt` bytes that decide its type and they
 * are no type the portal knows (so a refused file stops at its first bytes); null until then, or when they are.
 */
export function headRefusal(call: UploadCall, head: Buffer, sniffAt: number, fileName: string): string | null {
  return head.length >= sniffAt && !detectFileType(head, fileName) ? MSG_TYPE(call) : null;
}

/** Whether an upload call takes files of this kind (a stored file's `kind`). */
export const callTakes = (call: UploadCall, kind: string): boolean => (ACCEPT[call].kinds as string[]).includes(kind);

/** The type of a whole file when its call takes it; null when not. */
export function acceptedType(call: UploadCall, head: Buffer, fileName: string): FileType | null {
  const type = detectFileType(head, fileName);
  return type && callTakes(call, type.kind) ? type : null;
}

/** What an assembled chunked upload turned out to be. */
export interface Assembled {
  /** null when no digest could be had: refused like a damaged file. */
  md5: string | null;
  size: number;
  /** Its first bytes. */
  head: Buffer;
}

/** What its uploader announced when the upload began (the chunk plan). */
export interface Announced {
  fileMd5: string;
  fileSize: number;
  fileName: string;
}

/** A chunked upload (course files) once assembled: its type and MD5 when accepted, else the message refusing it. */
export function acceptAssembled(
  found: Assembled,
  plan: Announced,
): { type: FileType; md5: string } | { refusal: string } {
  const type = acceptedType('courseware', found.head, plan.fileName);
  if (!type) return { refusal: MSG_TYPE('courseware') };
  const md5 = plan.fileMd5.toLowerCase();
  if (found.md5 !== md5 || found.size !== plan.fileSize) return { refusal: MSG_FILE_MD5 };
  return { type, md5 };
}
