/**
 * A small seeded PRNG (mulberry32) and the helpers the seed needs. Never Math.random:
 * the same seed gives the same demo data, row for row.
 */

/** FNV-1a hash of a label, to derive independent streams ("courses", "trains", ...). */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A fresh, independent stream for one part of the seed, so parts do not shift each other. */
  static for(label: string, seed = 20260101): Rng {
    return new Rng(hashLabel(label) ^ seed);
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of items) {
      r -= w;
      if (r < 0) return v;
    }
    return items[items.length - 1][0];
  }

  /** Fisher-Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** k distinct items (k capped at the list length). */
  sample<T>(items: readonly T[], k: number): T[] {
    return this.shuffle(items).slice(0, Math.min(k, items.length));
  }
}

/**
 * A shuffled deck of exactly n values drawn in the given proportions (largest remainder),
 * so that small sets still get every kind in the intended share.
 */
export function deck<T>(rng: Rng, n: number, weights: readonly (readonly [T, number])[]): T[] {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  const exact = weights.map(([, w]) => (n * w) / total);
  const counts = exact.map(Math.floor);
  let rest = n - counts.reduce((s, c) => s + c, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) counts[order[k][1]]++;
  const out: T[] = [];
  weights.forEach(([v], i) => {
    for (let c = 0; c < counts[i]; c++) out.push(v);
  });
  return rng.shuffle(out);
}
