/**
 * Image captcha (SPEC 3: codeBase64, uuid): an SVG drawn here, its characters as strokes (never text), single-use,
 * expiring after 5 minutes; only a hash of the answer is stored, in the database so any instance can check it.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Captcha } from '@/lib/contract/home';
import { db } from '@/lib/server/db';
import { captchas } from '@/lib/server/db/schema';

/** No look-alikes: 0, 1, B, G, I, L, O, Q, S and Z are left out. */
const ALPHABET = '23456789ACDEFHJKMNPRTUVWXY';
const LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const answerHash = (uuid: string, answer: string) => createHash('sha256').update(`${uuid}:${answer.trim().toUpperCase()}`).digest('hex');

/**
 * A stroke font on a 10 x 14 grid (y down): each character is a few polylines, "x,y x,y ..." separated by "|".
 * The image draws them as paths, so the answer is not in the markup as text.
 */
const STROKES: Record<string, string> = {
  '2': '0,3 1,1 3,0 7,0 9,1 10,3 10,5 9,7 0,14 10,14',
  '3': '0,1 2,0 8,0 10,2 10,5 8,7 3,7|8,7 10,9 10,12 8,14 2,14 0,13',
  '4': '7,14 7,0 0,10 10,10',
  '5': '10,0 1,0 0,6 6,6 9,7 10,10 9,13 6,14 2,14 0,12',
  '6': '9,1 7,0 4,0 1,2 0,6 0,11 2,14 8,14 10,11 10,9 8,7 2,7 0,9',
  '7': '0,0 10,0 4,14',
  '8': '5,7 2,6 1,4 1,2 3,0 7,0 9,2 9,4 8,6 5,7 2,8 0,10 0,12 2,14 8,14 10,12 10,10 8,8 5,7',
  '9': '1,13 3,14 6,14 9,12 10,8 10,3 8,0 2,0 0,3 0,5 2,7 8,7 10,5',
  A: '0,14 5,0 10,14|2,9 8,9',
  C: '10,2 8,0 3,0 0,3 0,11 3,14 8,14 10,12',
  D: '0,0 0,14 6,14 9,12 10,9 10,5 9,2 6,0 0,0',
  E: '10,0 0,0 0,14 10,14|0,7 7,7',
  F: '10,0 0,0 0,14|0,7 7,7',
  H: '0,0 0,14|10,0 10,14|0,7 10,7',
  J: '3,0 10,0|8,0 8,11 6,14 3,14 1,13 0,11',
  K: '0,0 0,14|10,0 0,8|3,6 10,14',
  M: '0,14 0,0 5,8 10,0 10,14',
  N: '0,14 0,0 10,14 10,0',
  P: '0,14 0,0 7,0 10,2 10,5 7,7 0,7',
  R: '0,14 0,0 7,0 10,2 10,5 7,7 0,7|5,7 10,14',
  T: '0,0 10,0|5,0 5,14',
  U: '0,0 0,11 3,14 7,14 10,11 10,0',
  V: '0,0 5,14 10,0',
  W: '0,0 2.5,14 5,5 7.5,14 10,0',
  X: '0,0 10,14|10,0 0,14',
  Y: '0,0 5,7 10,0|5,7 5,14',
};

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const n = (v: number) => v.toFixed(1);

/** One character, turned, tilted, scaled and shaken point by point, so no two drawings of it share a path. */
function glyphPath(ch: string, cx: number, cy: number): string {
  const scale = rand(1.5, 1.8);
  const angle = (rand(-20, 20) * Math.PI) / 180;
  const skew = rand(-0.25, 0.25);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return STROKES[ch]
    .split('|')
    .map((stroke) =>
      stroke
        .split(' ')
        .map((pt, i) => {
          const [gx, gy] = pt.split(',').map(Number);
          const x = (gx - 5 + skew * (gy - 7) + rand(-0.35, 0.35)) * scale;
          const y = (gy - 7 + rand(-0.35, 0.35)) * scale;
          return `${i ? 'L' : 'M'}${n(cx + x * cos - y * sin)} ${n(cy + x * sin + y * cos)}`;
        })
        .join(''),
    )
    .join('');
}

function drawSvg(text: string): string {
  const w = 120;
  const h = 40;
  const colors = ['#1e3a8a', '#9f1239', '#065f46', '#7c2d12', '#4c1d95'];
  const stroke = (d: string, width: number, opacity = 1) =>
    `<path d="${d}" fill="none" stroke="${colors[randomInt(colors.length)]}" stroke-width="${n(width)}" stroke-opacity="${opacity}" stroke-linecap="round" stroke-linejoin="round"/>`;
  const noise = Array.from({ length: 4 }, () =>
    stroke(`M${n(rand(0, 15))} ${n(rand(4, h - 4))}C${n(rand(20, 50))} ${n(rand(0, h))} ${n(rand(70, 100))} ${n(rand(0, h))} ${n(rand(w - 15, w))} ${n(rand(4, h - 4))}`, rand(1, 1.6), 0.5),
  );
  const dots = Array.from({ length: 24 }, () => `<circle cx="${randomInt(w)}" cy="${randomInt(h)}" r="1" fill="#64748b"/>`);
  const glyphs = [...text].map((ch, i) => stroke(glyphPath(ch, 18 + i * 28 + rand(-3, 3), h / 2 + rand(-3, 3)), rand(2.2, 2.8)));
  // Characters and noise in a shuffled order, so the markup's order tells nothing either.
  const shapes = [...glyphs, ...noise];
  for (let i = shapes.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [shapes[i], shapes[j]] = [shapes[j], shapes[i]];
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect width="100%" height="100%" fill="#f1f5f9"/>${dots.join('')}${shapes.join('')}</svg>`;
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
