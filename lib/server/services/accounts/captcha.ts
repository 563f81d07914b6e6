/**
 * Image captcha (SPEC 3: codeBase64, uuid): an SVG drawn here, its characters as warped filled outlines (never text),
 * single-use, expiring after 5 minutes; only a hash of the answer is stored, in the database so any instance can
 * check it. The answer is checked without regard to case.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Captcha } from '@/lib/contract/home';
import type { PowChallenge } from '@/lib/contract/accounts';
import { powAnswer } from '@/lib/captcha/pow';
import { signatureOf } from '@/lib/session/identity';
import { db } from '@/lib/server/db';
import { captchas } from '@/lib/server/db/schema';

/** No look-alikes: 0, 1, B, G, I, L, O, Q, S and Z are left out. */
const ALPHABET = '23456789ACDEFHJKMNPRTUVWXY';
const LENGTH = 4;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

const answerHash = (uuid: string, answer: string) =>
  createHash('sha256').update(`${uuid}:${answer.trim().toUpperCase()}`).digest('hex');

/** svg-captcha's font (Comismsh, an irregular hand-drawn face) as opentype.js loaded it; the package declares no type for it. */
type GlyphCommand = {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
};
type Font = {
  unitsPerEm: number;
  charToGlyph(ch: string): {
    advanceWidth: number;
    getPath(x: number, y: number, size: number): { commands: GlyphCommand[] };
  };
};
const FONT = (svgCaptcha.options as unknown as { font: Font }).font;

type Pt = [number, number];
const W = 120;
const H = 40;
const rand = (min: number, max: number) => min + (randomInt(0, 1_000_001) / 1_000_000) * (max - min);
const n = (v: number) => v.toFixed(1);

/** A glyph's outline as closed polylines (curves sampled), so it can be warped point by point. */
function glyphContours(ch: string, size: number): Pt[][] {
  const contours: Pt[][] = [];
  let cur: Pt[] = [];
  for (const c of FONT.charToGlyph(ch).getPath(0, 0, size).commands) {
    const last = cur[cur.length - 1];
    if (c.type === 'M') cur = [[c.x!, c.y!]];
    else if (c.type === 'L') cur.push([c.x!, c.y!]);
    else if (c.type === 'Q' || c.type === 'C') {
      for (let k = 1; k <= 4; k++) {
        const t = k / 4;
        const u = 1 - t;
        cur.push(
          c.type === 'Q'
            ? [u * u * last[0] + 2 * u * t * c.x1! + t * t * c.x!, u * u * last[1] + 2 * u * t * c.y1! + t * t * c.y!]
            : [
                u ** 3 * last[0] + 3 * u * u * t * c.x1! + 3 * u * t * t * c.x2! + t ** 3 * c.x!,
                u ** 3 * last[1] + 3 * u * u * t * c.y1! + 3 * u * t * t * c.y2! + t ** 3 * c.y!,
              ],
        );
      }
    } else if (c.type === 'Z' && cur.length > 2) contours.push(cur);
  }
  return contours;
}

/** Points every `step` along a closed polyline from a random start, so the point count and order differ each time. */
function resample(poly: Pt[], step: number): Pt[] {
  const ring = [...poly, poly[0]];
  const out: Pt[] = [];
  let want = rand(0, step);
  let walked = 0;
  for (let i = 1; i < ring.length; i++) {
    const [[x0, y0], [x1, y1]] = [ring[i - 1], ring[i]];
    const len = Math.hypot(x1 - x0, y1 - y0);
    while (want <= walked + len) {
      const t = len ? (want - walked) / len : 0;
      out.push([x0 + t * (x1 - x0), y0 + t * (y1 - y0)]);
      want += step * rand(0.7, 1.3);
    }
    walked += len;
  }
  return out.length > 2 ? out : poly;
}

/** A closed smooth outline through the points: quadratic curves between midpoints, never a straight segment. */
function smoothClosed(pts: Pt[]): string {
  const mid = (a: Pt, b: Pt) => `${n((a[0] + b[0]) / 2)} ${n((a[1] + b[1]) / 2)}`;
  let d = `M${mid(pts[pts.length - 1], pts[0])}`;
  pts.forEach((p, i) => (d += `Q${n(p[0])} ${n(p[1])} ${mid(p, pts[(i + 1) % pts.length])}`));
  return `${d}Z`;
}

/** The whole image is bent by two waves, characters and noise alike, so no glyph keeps the font's shape. */
function waves() {
  const [ax, fx, px, ay, fy, py] = [
    rand(1, 2),
    rand(0.15, 0.3),
    rand(0, 6.3),
    rand(1.5, 3),
    rand(0.04, 0.08),
    rand(0, 6.3),
  ];
  return ([x, y]: Pt): Pt => [x + ax * Math.sin(y * fx + px), y + ay * Math.sin(x * fy + py)];
}

/** A filled band along a random curve (the noise): the same kind of shape as a character's stroke, outline and all. */
function band(from: Pt, to: Pt, width: number): Pt[] {
  const c1: Pt = [rand(from[0], to[0]), rand(2, H - 2)];
  const c2: Pt = [rand(from[0], to[0]), rand(2, H - 2)];
  const at = (t: number): Pt => {
    const u = 1 - t;
    return [0, 1].map((k) => u ** 3 * from[k] + 3 * u * u * t * c1[k] + 3 * u * t * t * c2[k] + t ** 3 * to[k]) as Pt;
  };
  const side: Pt[] = [];
  const other: Pt[] = [];
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const [p, q] = [at(Math.max(0, i / steps - 0.01)), at(Math.min(1, i / steps + 0.01))];
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    // Thicker in the middle, thin at the ends, like a brush stroke.
    const half = (width / 2) * (0.5 + Math.sin((Math.PI * i) / steps));
    const [nx, ny] = [(-(q[1] - p[1]) / len) * half, ((q[0] - p[0]) / len) * half];
    const m = at(i / steps);
    side.push([m[0] + nx, m[1] + ny]);
    other.unshift([m[0] - nx, m[1] - ny]);
  }
  return [...side, ...other];
}

/**
 * The image (issue 22): each character is an outline of svg-captcha's font, turned, tilted and scaled on its own,
 * then the whole image is bent by waves and every outline redrawn from points resampled at random, as curves. The
 * noise is filled bands of the same kind crossing the characters. Everything is one <path> (even-odd, so a band
 * crossing a character cuts through it), its contours in a shuffled order: nothing in the markup tells a character
 * from noise, or one character from another, and no drawing repeats a path. Reading it takes rendering and OCR.
 * Exported for tests.
 */
export function drawSvg(text: string): string {
  const warp = waves();
  const contours: Pt[][] = [];
  [...text].forEach((ch, i) => {
    const size = rand(40, 46);
    const glyph = glyphContours(ch, size);
    const xs = glyph.flat().map((p) => p[0]);
    const ys = glyph.flat().map((p) => p[1]);
    const [gx, gy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    const [cx, cy] = [16 + i * 29 + rand(-2, 2), H / 2 + rand(-2, 2)];
    const angle = (rand(-25, 25) * Math.PI) / 180;
    const [cos, sin, skew] = [Math.cos(angle), Math.sin(angle), rand(-0.3, 0.3)];
    for (const contour of glyph) {
      const placed = contour.map(([x, y]): Pt => {
        const [dx, dy] = [x - gx + skew * (y - gy), y - gy];
        return warp([cx + dx * cos - dy * sin, cy + dx * sin + dy * cos]);
      });
      contours.push(resample(placed, rand(1.6, 2.4)));
    }
  });
  const bands = [band([rand(0, 10), rand(8, H - 8)], [rand(W - 10, W), rand(8, H - 8)], rand(1.3, 1.8))];
  for (let k = 0; k < 2; k++) {
    const x = rand(5, W - 40);
    bands.push(band([x, rand(4, H - 4)], [x + rand(22, 40), rand(4, H - 4)], rand(1.4, 2)));
  }
  for (const b of bands) contours.push(resample(b.map(warp), rand(1.6, 2.4)));
  for (let i = contours.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [contours[i], contours[j]] = [contours[j], contours[i]];
  }
  const ink = ['#1e3a8a', '#9f1239', '#065f46', '#7c2d12', '#4c1d95'][randomInt(5)];
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${randomInt(W)}" cy="${randomInt(H)}" r="${n(rand(0.6, 1.2))}" fill="#94a3b8"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="100%" height="100%" fill="#f1f5f9"/>${dots.join('')}<path fill="${ink}" fill-rule="evenodd" d="${contours.map(smoothClosed).join('')}"/></svg>`;
}

/**
 * The proof of work's secret number for a captcha: derived from its uuid under the session secret, so any instance
 * can check it without storing it. Tries expected of a browser: half of POW_MAX, a moment with Web Crypto.
 */
export const POW_MAX = 100_000;
export function powNumber(uuid: string): number {
  return (
    parseInt(
      createHash('sha256')
        .update(signatureOf(`captcha-pow:${uuid}`))
        .digest('hex')
        .slice(0, 8),
      16,
    ) % POW_MAX
  );
}

function powChallenge(uuid: string): PowChallenge {
  return {
    challenge: createHash('sha256')
      .update(`${uuid}:${powNumber(uuid)}`)
      .digest('hex'),
    max: POW_MAX,
  };
}

export async function createCaptcha(now: Date = new Date()): Promise<Captcha & { pow: PowChallenge; answer: string }> {
  const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  const uuid = randomUUID();
  const d = await db();
  // Expired captchas are swept as new ones are made, so the table stays small without a timer.
  await d.delete(captchas).where(lt(captchas.expiresAt, new Date(now.getTime() - CAPTCHA_TTL_MS)));
  await d
    .insert(captchas)
    .values({ uuid, answerHash: answerHash(uuid, answer), expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS) });
  const codeBase64 = `data:image/svg+xml;base64,${Buffer.from(drawSvg(answer)).toString('base64')}`;
  return { uuid, codeBase64, pow: powChallenge(uuid), answer };
}

/**
 * True once for a right, unexpired answer (the image's text, or `#n` for its proof of work); the captcha is used
 * up either way.
 */
export async function verifyCaptcha(uuid: string, code: string, now: Date = new Date()): Promise<boolean> {
  const d = await db();
  const used = await d
    .update(captchas)
    .set({ usedAt: now })
    .where(and(eq(captchas.uuid, uuid), isNull(captchas.usedAt)))
    .returning({ answerHash: captchas.answerHash, expiresAt: captchas.expiresAt });
  const row = used[0];
  if (!row || row.expiresAt <= now) return false;
  const n = powAnswer(code);
  return n !== null ? n === powNumber(uuid) : row.answerHash === answerHash(uuid, code);
}
