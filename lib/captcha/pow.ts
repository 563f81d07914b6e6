/**
 * The captcha's accessible alternative, a proof of work that needs no sight: with each image the server gives a
 * challenge, the SHA-256 of `uuid:n` for a secret n below `max`; the browser finds n by trying each number and
 * answers `#n` in the captcha field. It costs a browser a moment and a guesser the same per try, and the
 * captcha it answers is single-use and rate-limited like the image. Shared by the server (which makes and checks
 * it) and the client (which solves it).
 */

import type { PowChallenge } from '@/lib/contract/accounts';

/** How an answer by proof of work is written in the captcha field (an image's text never starts with it). */
export const POW_PREFIX = '#';

/** `#n` when the field holds a proof-of-work answer, else null. */
export function powAnswer(code: string): number | null {
  const m = /^#(\d{1,9})$/.exec(code.trim());
  return m ? Number(m[1]) : null;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

/** Tries per batch: the digests of a batch run together, and the page gets a turn between batches. */
const BATCH = 500;

/**
 * Finds n with Web Crypto (a secure context: HTTPS or localhost). Resolves the answer for the captcha field, or
 * null when no n below max matches (a stale challenge) or the search was aborted.
 */
export async function solvePow(
  uuid: string,
  pow: PowChallenge,
  signal?: AbortSignal,
  onProgress?: (share: number) => void,
): Promise<string | null> {
  const enc = new TextEncoder();
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('no-subtle-crypto');
  for (let from = 0; from < pow.max; from += BATCH) {
    if (signal?.aborted) return null;
    const upto = Math.min(pow.max, from + BATCH);
    const tries = [];
    for (let n = from; n < upto; n++) tries.push(subtle.digest('SHA-256', enc.encode(`${uuid}:${n}`)));
    const digests = await Promise.all(tries);
    const hit = digests.findIndex((d) => hex(d) === pow.challenge);
    if (hit >= 0) return `${POW_PREFIX}${from + hit}`;
    onProgress?.(upto / pow.max);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return null;
}
