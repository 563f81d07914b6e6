/**
 * Play tickets (issue 24): each play session of a chapter gets a ticket, HMAC-signed with MEDIA_SECRET, expiring,
 * bound to the viewer (the user, or the visitor's play cookie), the chapter and the rendition set (the package and
 * whether it is the whole video or the trial). Playlists are answered only with a valid ticket.
 *
 * Segments are signed one URL at a time in the media playlist, the way nginx's secure_link module checks them
 * (`secure_link_md5 "$secure_link_expires$uri$cookie_ce_play <secret>"`): so nginx can refuse a segment without a
 * valid signature, or past the trial (no such URL is ever signed), and serve the file itself, with no byte through
 * Node. Without nginx the portal checks the same signature (lib/server/http/media/hls.ts, serveSegment).
 */
import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { config } from '@/lib/server/config';
import { signatureOf } from '@/lib/session/identity';
import { PLAY_COOKIE, PLAY_COOKIE_MAX_AGE_S, validPlayId } from '@/lib/session/play-cookie';

export { PLAY_COOKIE, PLAY_COOKIE_MAX_AGE_S, validPlayId };

export const newPlayId = () => randomBytes(16).toString('base64url');

/** MEDIA_SECRET, or one derived from the session secret (a single instance serving its own segments). */
export function mediaSecret(): string {
  return config().MEDIA_SECRET ?? signatureOf('media-secret');
}

export interface Ticket {
  /** Unix seconds. */
  expires: number;
  chapterId: number;
  /** `u<operatorID>` for a user, `v` for a visitor. */
  subject: string;
  play: string;
  /** The package it plays. */
  media: string;
  /** The whole video, or the trial's first seconds. */
  scope: 'full' | 'trial';
}

const mac = (payload: string) => createHmac('sha256', mediaSecret()).update(payload).digest('base64url');
const payloadOf = (t: Ticket) => [t.expires, t.chapterId, t.subject, t.play, t.media, t.scope].join('.');

export function subjectOf(operatorID: number | null): string {
  return operatorID == null ? 'v' : `u${operatorID}`;
}

export function signTicket(t: Ticket): string {
  const payload = payloadOf(t);
  return `${payload}.${mac(payload)}`;
}

export function readTicket(value: string | null): Ticket | null {
  if (!value || value.length > 400) return null;
  const m =
    /^(\d{1,12})\.(\d{1,9})\.(v|u\d{1,10})\.([A-Za-z0-9_-]{22})\.([\w-]{1,120})\.(full|trial)\.([A-Za-z0-9_-]{43})$/.exec(
      value,
    );
  if (!m) return null;
  const t: Ticket = {
    expires: Number(m[1]),
    chapterId: Number(m[2]),
    subject: m[3],
    play: m[4],
    media: m[5],
    scope: m[6] as Ticket['scope'],
  };
  const expected = Buffer.from(mac(payloadOf(t)));
  const given = Buffer.from(m[7]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? t : null;
}

export type TicketCheck = 'ok' | 'missing' | 'forged' | 'expired' | 'chapter' | 'viewer';

/** Whether `value` lets this viewer (`subject`, play cookie `play`) load chapter `chapterId`'s playlists now. */
export function checkTicket(
  value: string | null,
  want: { chapterId: number; subject: string; play: string | null },
  now = Date.now(),
): { result: TicketCheck; ticket?: Ticket } {
  if (!value) return { result: 'missing' };
  const t = readTicket(value);
  if (!t) return { result: 'forged' };
  if (t.expires * 1000 <= now) return { result: 'expired' };
  if (t.chapterId !== want.chapterId) return { result: 'chapter' };
  if (t.subject !== want.subject || t.play !== want.play) return { result: 'viewer' };
  return { result: 'ok', ticket: t };
}

/** nginx's secure_link_md5: base64url MD5 of `<expires><uri><play cookie> <secret>`, without padding. */
export function segmentSignature(uri: string, expires: number, play: string): string {
  return createHash('md5').update(`${expires}${uri}${play} ${mediaSecret()}`).digest('base64url');
}

/** A segment's URL for this ticket: `uri?e=<expires>&s=<signature>`. */
export function signedSegmentUrl(uri: string, t: Pick<Ticket, 'expires' | 'play'>): string {
  return `${uri}?e=${t.expires}&s=${segmentSignature(uri, t.expires, t.play)}`;
}

export function validSegment(
  uri: string,
  e: string | null,
  s: string | null,
  play: string | null,
  now = Date.now(),
): boolean {
  if (!e || !s || !/^\d{1,12}$/.test(e) || !validPlayId(play)) return false;
  if (Number(e) * 1000 <= now) return false;
  const expected = Buffer.from(segmentSignature(uri, Number(e), play));
  const given = Buffer.from(s);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function ticketSeconds(): number {
  return config().MEDIA_TICKET_SECONDS;
}
