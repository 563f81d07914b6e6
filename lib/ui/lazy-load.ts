/**
 * SPEC 9's lazy chunk-load timeout: code loaded on first use (the dialogs) that has not arrived within
 * CHUNK_LOAD_TIMEOUT_MS counts as failed, so the next use asks again instead of waiting on a dead request.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@/lib/constants';

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`Loading chunk timed out after ${ms} ms`);
    this.name = 'ChunkLoadError';
  }
}

export function loadWithTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
