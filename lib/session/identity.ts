/**
 * A small signed cookie beside the HttpOnly session cookie, naming the signed-in operatorID and
 * tchrId, so proxy.ts can apply the /space/creation rule of SPEC 2.3 without a database call.
 * It grants nothing: every endpoint still checks the session itself.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export { IDENTITY_COOKIE } from './identity-cookie';

export interface Identity {
  operatorID: number;
  tchrId: number | null;
}

const g = globalThis as unknown as { __portalSecret?: Buffer };

/** SESSION_SECRET, else a random secret kept under DATA_DIR (several instances: set SESSION_SECRET). */
function secret(): Buffer {
  if (process.env.SESSION_SECRET) return Buffer.from(process.env.SESSION_SECRET);
  if (g.__portalSecret) return g.__portalSecret;
  const dir = process.env.DATA_DIR || path.join(process.cwd(), 'data');
  let value: Buffer;
  if (dir === 'memory') {
    value = randomBytes(32);
  } else {
    const file = path.join(dir, 'session-secret');
    if (existsSync(file)) {
      value = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    } else {
      value = randomBytes(32);
      mkdirSync(dir, { recursive: true });
      writeFileSync(file, value.toString('base64'), { mode: 0o600 });
    }
  }
  g.__portalSecret = value;
  return value;
}

const mac = (payload: string) => createHmac('sha256', secret()).update(payload).digest('base64url');

/** Whether `signature` is the MAC of `payload` under the same secret (for other signed cookies, lib/session/device). */
export function signatureOf(payload: string): string {
  return mac(payload);
}

export function validSignature(payload: string, signature: string): boolean {
  const expected = Buffer.from(mac(payload));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function signIdentity(id: Identity): string {
  const payload = `${id.operatorID}.${id.tchrId ?? ''}`;
  return `${payload}.${mac(payload)}`;
}

export function verifyIdentity(value: string | undefined | null): Identity | null {
  if (!value) return null;
  const m = /^(\d{1,10})\.(\d{0,10})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  const expected = Buffer.from(mac(`${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { operatorID: Number(m[1]), tchrId: m[2] ? Number(m[2]) : null };
}
