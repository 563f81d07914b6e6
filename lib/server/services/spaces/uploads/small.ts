/** uploadResFile and uploadFile: one small file (a cover, a document) in one request. */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MSG_IMAGE_TOO_MANY_PIXELS, type UploadedFile } from '@/lib/contract/spaces';
import { MSG_EMPTY_FILE } from '@/lib/validation/spaces';
import { CODE_INVALID, CODE_TOO_LARGE, ServiceError } from '@/lib/server/errors';
import { config } from '@/lib/server/config';
import { SNIFF_BYTES } from '../file-types';
import { IMAGE_HEAD_BYTES, imageSize } from '../image-size';
import type { SessionUser } from '../../accounts/sessions';
import {
  existingFile,
  MAX_CHUNK_BYTES,
  MIN_CHUNK_BYTES,
  MSG_TOO_BIG,
  MSG_TYPE,
  pathOf,
  toUploaded,
  UPLOAD_LIMITS,
  type FileRow,
} from './common';
import { acceptedType, headRefusal } from './acceptance';
import { publish } from './publish';
import { holdStoredRoom, releaseHolds, type QuotaHold } from './quota';
import { claimFile, ownsFile } from './sessions';

/** A refusal of an image whose header declares more pixels than UPLOAD_IMAGE_MAX_MEGAPIXELS; null when it may stay. */
function tooManyPixels(head: Buffer): ServiceError | null {
  const size = imageSize(head);
  const max = config().UPLOAD_IMAGE_MAX_MEGAPIXELS;
  if (!size || size.width * size.height <= max * 1_000_000) return null;
  return new ServiceError(MSG_IMAGE_TOO_MANY_PIXELS(max), CODE_INVALID);
}

/**
 * One small file in one request, streamed to a scratch file, checked, then published.
 * A refused, cut-off or failed upload removes its scratch file at once.
 */
export async function receiveSmallFile(
  user: SessionUser,
  call: 'res' | 'file',
  fileName: string,
  body: Readable,
): Promise<UploadedFile> {
  const limit = UPLOAD_LIMITS[call];
  const scratch = pathOf(`tmp/small-${randomBytes(12).toString('hex')}`);
  let file: FileRow;
  const holds: QuotaHold[] = [];
  try {
    await mkdir(path.dirname(scratch), { recursive: true });
    const fh = await open(scratch, 'w');
    const hash = createHash('md5');
    let size = 0;
    let head = Buffer.alloc(0);
    let refused: ServiceError | null = null;
    try {
      for await (const piece of body as AsyncIterable<Buffer>) {
        if (refused) continue;
        if (size + piece.length > limit) {
          refused = new ServiceError(MSG_TOO_BIG(call), CODE_TOO_LARGE);
          continue;
        }
        if (head.length < IMAGE_HEAD_BYTES) {
          const before = head.length;
          head = Buffer.concat([head, piece.subarray(0, IMAGE_HEAD_BYTES - head.length)]);
          const refusal =
            before < SNIFF_BYTES && head.length >= SNIFF_BYTES && headRefusal(call, head, SNIFF_BYTES, fileName);
          if (refusal) {
            refused = new ServiceError(refusal, CODE_INVALID);
            continue;
          }
        }
        hash.update(piece);
        await fh.write(piece);
        size += piece.length;
      }
    } finally {
      await fh.close();
    }
    const type = acceptedType(call, head, fileName);
    if (!refused && (size === 0 || !type))
      refused = new ServiceError(size === 0 ? MSG_EMPTY_FILE : MSG_TYPE(call), CODE_INVALID);
    if (!refused && type?.kind === 'image') refused = tooManyPixels(head);
    if (refused) throw refused;
    const md5 = hash.digest('hex');
    const known = await existingFile(md5, size);
    // A file the user already has adds nothing to their stored bytes; any other takes its room until it is claimed.
    if (!known || !(await ownsFile(user, known))) holds.push(await holdStoredRoom(user, size));
    file = await publish(user, scratch, { md5, size, type: type!, name: fileName });
  } catch (err) {
    await releaseHolds(holds);
    await rm(scratch, { force: true }).catch(() => undefined);
    throw err;
  }
  try {
    await claimFile(
      user,
      {
        fileMd5: file.md5,
        fileSize: file.size,
        fileName,
        chunkSize: Math.max(MIN_CHUNK_BYTES, Math.min(MAX_CHUNK_BYTES, file.size)),
      },
      file,
    );
  } finally {
    await releaseHolds(holds);
  }
  return toUploaded(file, fileName);
}
