/**
 * Image captcha (SPEC 3: codeBase64, uuid): an SVG drawn here, single-use, expiring after
 * 5 minutes; only a hash of the answer is stored, in the database so any instance can check it.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Captcha } from '@/lib/api/types';
import { db } from '../db';
import { captchas } from '../db/schema';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const answerHash = (uuid: string, answer: string) => createHash('sha256').update(`${uuid}:${answer.trim().toUpperCase()}`).digest('hex');

function drawSvg(text: string): string {
  const w = 120;
  const h = 40;
  const colors = ['#1e3a8a', '#9f1239', '#065f46', '#7c2d12', '#4c1d95'];
  const lines = Array.from({ length: 4 }, () => {
    const c = colors[randomInt(colors.length)];
    return `<line x1="${randomInt(w)}" y1="${randomInt(h)}" x2="${randomInt(w)}" y2="${randomInt(h)}" stroke="${c}" stroke-opacity="0.45" stroke-width="1.2"/>`;
  }).join('');
  const dots = Array.from({ length: 24 }, () => `<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="1" fill="#64748b"/>`).join('');
  const glyphs = [...text]
    .map((ch, i) => {
      const x = 14 + i * 26 + randomInt(-3, 4);
      const y = 28 + randomInt(-4, 5);
      const rot = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" font-family="monospace" font-size="24" font-weight="700" fill="${colors[randomInt(colors.length)]}">${ch}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f1f5f9"/>${lines}${dots}${glyphs}</svg>`;
}

export async function createCaptcha(now: Date = new Date()): Promise<Captcha & { answer: string }> {
  const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const uuid = randomUUID();
  const d = await db();
  // Expired captchas are swept as new ones are made, so the table stays small without a timer.
  await d.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - CAPTCHA_TTL_MS)));
  await d.insert(captchas).values({ uuid, answerHash: answerHash(uuid, answer), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  const codeBase64 = `data:image/svg+xml;base64,${Buffer.from(drawSvg(answer)).toString('base64')}`;
  return { uuid, codeBase64, answer };
}

/** True once for a right, unexpired answer; the captcha is used up either way. */
export async function verifyCaptcha(uuid: string, code: string, now: Date = new Date()): Promise<boolean> {
  const d = await db();
  const used = await d
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  const row = used[0];
  return !!row && row.expiresAt > now && row.answerHash === answerHash(uuid, code);
}
