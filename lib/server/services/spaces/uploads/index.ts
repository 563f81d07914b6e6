/**
 * Uploads (SPEC 7 Uploads, docs/design.md §5-6), one job per file: common.ts (limits, paths; messages in lib/contract/spaces), sessions.ts (upload
 * sessions and ownership), chunks.ts (progress and chunk streaming), hashing.ts with hash-worker.ts (the whole
 * file's MD5), publish.ts (assembly and the atomic rename), small.ts (one-request uploads), sweep.ts (abandoned
 * scratch space), scratch.ts (a refused chunk's bytes), quota.ts (scratch and stored caps), access.ts (who may use
 * or fetch a file). This is what the rest of the backend imports.
 */
export {
  fileUrl,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  MIN_CHUNK_BYTES,
  MSG_CHUNK_MD5,
  MSG_FILE_MD5,
  MSG_TOO_BIG,
  MSG_TYPE,
  toUploaded,
  UPLOAD_LIMITS,
  UploadError,
  type UploadCall,
} from './common';
export { pendingUploads, type ChunkPlan } from './sessions';
export { receiveChunk, uploadProgress, type ChunkInput } from './chunks';
export { receiveSmallFile } from './small';
export { sweepAbandonedUploads, uploadSessionMaxAgeMs } from './sweep';
export { uploadQuota } from './quota';
export { fileByUrl, isPublicFile, reviewsCover, servedFile, userHasFile } from './access';
