/** Password hashing (docs/design.md §5): scrypt with a random salt; never stored or logged in clear. */
import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LEN = 32;
/**
 * N=2^17, r=8, p=1 (OWASP's minimum since 2023; issue 22 raised it from 2^14): 128 MB and about 300 ms per hash on
 * this machine. scrypt needs 128 * N * r bytes, so maxmem must exceed 128 MB (Node's default is 32 MB).
 */
const PARAMS = { N: 1 << 17, r: 8, p: 1 } as const;
const MAXMEM = 256 * 1024 * 1024;
/** Stored hashes with a larger N than this are refused unverified: a forged row cannot make a sign-in take minutes. */
const MAX_N = 1 << 20;

function scrypt(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LEN, { ...params, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Format: scrypt$N$r$p$salt(base64)$hash(base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash || !(Number(n) <= MAX_N)) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Whether a stored hash was made with weaker parameters than today's (e.g. N=2^14): rehash at the next sign-in. */
export function needsRehash(stored: string): boolean {
  const [alg, n, r, p] = stored.split('$');
  return alg !== 'scrypt' || Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

/**
 * Generated passwords (user import): 14 characters from a CSPRNG, about 79 bits, with a letter, a digit and an
 * underscore (SPEC 5's rule). Such a secret cannot be guessed whatever the hash's cost, so it is hashed with a cheap
 * scrypt (N=2^4): 10,000 accounts take milliseconds instead of an hour of CPU. needsRehash() is true for it, so the
 * first sign-in replaces it with a full-strength hash (password-upgrade.ts) before the account changes it.
 */
const GENERATED_PARAMS = { N: 1 << 4, r: 8, p: 1 } as const;
const GENERATED_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function generatePassword(length = 14): string {
  for (;;) {
    const chars = Array.from({ length: length - 1 }, () => GENERATED_ALPHABET[randomInt(GENERATED_ALPHABET.length)]);
    chars.splice(randomInt(length), 0, '_');
    const pw = chars.join('');
    if (/[A-Za-z]/.test(pw) && /\d/.test(pw)) return pw;
  }
}

export async function hashGeneratedPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, GENERATED_PARAMS);
  const { N, r, p } = GENERATED_PARAMS;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}
