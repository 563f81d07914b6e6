/**
 * The device cookie: set at each successful sign-in, it tells a later sign-in that this browser has signed in to
 * the account before, so strangers who spend the account's sign-in limits do not lock its owner out of it
 * (lib/server/services/accounts/throttle). HttpOnly, signed with the session secret (lib/session/identity), naming
 * the operator, a random id of the browser (its own throttling key) and when it was issued. It grants nothing else.
 */
import { randomBytes } from 'node:crypto';
import { signatureOf, validSignature } from './identity';

export const DEVICE_COOKIE = 'ce-device';
/** A year: the cookie's Max-Age, and the age past which the server no longer takes it. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 3600;

export interface Device {
  operatorID: number;
  /** 16 random bytes, base64url. */
  id: string;
}

export function signDevice(operatorID: number, now = new Date()): string {
  const payload = `${operatorID}.${randomBytes(16).toString('base64url')}.${Math.floor(now.getTime() / 1000)}`;
  return `${payload}.${signatureOf(payload)}`;
}

export function verifyDevice(value: string | null | undefined, now = new Date()): Device | null {
  if (!value) return null;
  const m = /^(\d{1,10})\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!m) return null;
  if (!validSignature(`${m[1]}.${m[2]}.${m[3]}`, m[4])) return null;
  const age = now.getTime() / 1000 - Number(m[3]);
  if (age < -300 || age > DEVICE_MAX_AGE_S) return null;
  return { operatorID: Number(m[1]), id: m[2] };
}
