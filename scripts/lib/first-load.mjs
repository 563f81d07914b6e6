/**
 * What a browser downloads first for a page: the HTML as served, and the scripts its HTML names
 * (`<script src="/_next/static/...">`, read from this build's `.next/static`), each counted raw and gzipped.
 * Next.js 16's `next build` no longer prints a route's first-load JavaScript, so `npm run bench` prints this
 * table instead. Chunks loaded later (the login dialog, the player's controls) are not counted: they are not
 * on the first load.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './proc.mjs';

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

/** Script URLs of a page's HTML, in order, without repeats; `noModule` ones (polyfills only old browsers load) are left out. */
export function scriptSources(html) {
  const out = new Set();
  for (const m of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1];
    const src = attrs.match(/\bsrc="([^"]+)"/i);
    if (src && !/\bnomodule\b/i.test(attrs)) out.add(src[1].replace(/&amp;/g, '&'));
  }
  return [...out];
}

/**
 * The first load of one page: fetch(path) answers the HTML (any status); returns the sizes in bytes and the
 * script URLs that are not in this build (a stale build or a script from elsewhere).
 */
export async function firstLoad(fetchHtml, urlPath) {
  const { status, body } = await fetchHtml(urlPath);
  const html = Buffer.from(body);
  let js = 0;
  let jsGzip = 0;
  const missing = [];
  const sources = scriptSources(body);
  for (const src of sources) {
    const rel = src.split('?')[0].replace(/^\/_next\//, '');
    const file = path.join(ROOT, '.next', rel);
    if (!src.startsWith('/_next/static/') || !existsSync(file)) {
      missing.push(src);
      continue;
    }
    const buf = readFileSync(file);
    js += buf.length;
    jsGzip += gz(buf);
  }
  return { status, scripts: sources.length, js, jsGzip, html: html.length, htmlGzip: gz(html), missing };
}

const kb = (n) => (n / 1024).toFixed(1);

/** The printed table: one row a page. */
export function firstLoadTable(rows) {
  const head = ['page', 'status', 'scripts', 'JS KB', 'JS gzip KB', 'HTML KB', 'HTML gzip KB'];
  const body = rows.map((r) => [
    r.name,
    String(r.status),
    String(r.scripts),
    kb(r.js),
    kb(r.jsGzip),
    kb(r.html),
    kb(r.htmlGzip),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
