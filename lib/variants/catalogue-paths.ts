/**
 * docs/design.md §3: public lists and details (and the personal centre's tab) are selected by query parameters (`/course/index?t=301&page=2`,
 * `/course/detail?id=5`). Reading searchParams would render such a page on every request, so the proxy
 * maps the few parameters that select one into an internal path segment (`t-301_page-2`), which the page
 * reads from its `[[...q]]` params: each list page and detail is then cached per site (ISR).
 * The visitor's URL does not change; unknown parameters and malformed values are dropped, so the cache
 * cannot be flooded with variants of one page.
 */

import { SEARCH_KEYWORD_MAX } from '@/lib/validation/search-rule';

/** The parameters that select each public page, in the order they are written into the segment. */
export const QUERY_ROUTES: Readonly<Record<string, readonly string[]>> = {
  '/course/index': ['t', 'type', 'sort', 'page'],
  '/course/detail': ['id'],
  '/course/detailBatch': ['id'],
  '/series/index': ['page'],
  '/series/class': ['page'],
  '/series/detail': ['id'],
  '/train/index': ['t', 'category', 'source', 'type', 'year', 'month', 'status', 'page'],
  '/train/detail': ['id'],
  '/live/index': ['status', 'page'],
  '/live/detail': ['id'],
  '/teacher/index': ['t', 'page'],
  '/teacher/detail': ['id'],
  '/notice/news': ['page'],
  '/notice/newsDetail': ['id'],
  '/notice/index': ['page'],
  '/notice/noticeDetail': ['id'],
  '/search/index': ['key', 'tab', 't', 'page'],
  // Pages for signed-in users whose own data the browser fetches: the shell is the same for everyone (issue 5 point 7).
  '/personal/index': ['tab', 'year'],
  '/courseView': ['courseId', 'id'],
  '/courseViewBatch': ['courseId', 'id'],
};

/** SPEC 2.1: the player is the batch player when its query contains the word batch, in any name or value. */
const BATCH_WORD_ROUTES = new Set(['/courseView']);
const hasBatchWord = (params: URLSearchParams) => [...params].some(([k, v]) => /batch/i.test(k) || /batch/i.test(v));

/**
 * Free-text parameters (the search keyword): written as the hex of their UTF-8 bytes, trimmed and cut one character
 * past what any page accepts (the page still sees that it is too long), so they fit the segment's alphabet.
 */
const TEXT_PARAMS: Readonly<Record<string, number>> = { key: SEARCH_KEYWORD_MAX + 1 };
const HEX = /^(?:[0-9a-f]{2}){1,1024}$/;

const VALUE = /^[0-9a-z]{1,12}$/i;

function encodeText(value: string, max: number): string {
  let hex = '';
  for (const byte of new TextEncoder().encode([...value].slice(0, max).join('')))
    hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The text, or null when the hex is malformed or not UTF-8. */
function decodeText(hex: string): string | null {
  if (!HEX.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** `t-301_page-2` from `?page=2&t=301&utm=x`; '' when nothing selects. Page 1 is the default, left out. */
export function querySegment(route: string, params: URLSearchParams): string {
  const keys = QUERY_ROUTES[route];
  if (!keys) return '';
  const parts: string[] = [];
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value && TEXT_PARAMS[key]) {
      parts.push(`${key}-${encodeText(value, TEXT_PARAMS[key])}`);
      continue;
    }
    if (!value || !VALUE.test(value)) continue;
    if (key === 'page' && value === '1') continue;
    parts.push(`${key}-${value}`);
  }
  if (BATCH_WORD_ROUTES.has(route) && hasBatchWord(params)) parts.push('batch-1');
  return parts.join('_');
}

/** The page side: `['t-301_page-2']` -> { t: '301', page: '2' }. */
export function parseQuerySegment(q: readonly string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const seg = q?.[0] ? decodeURIComponent(q[0]) : '';
  if (!seg) return out;
  for (const part of seg.split('_')) {
    const i = part.indexOf('-');
    if (i <= 0) continue;
    const key = part.slice(0, i);
    const value = part.slice(i + 1);
    if (TEXT_PARAMS[key]) {
      const text = decodeText(value);
      if (text !== null) out[key] = text;
    } else if (VALUE.test(value)) out[key] = value;
  }
  return out;
}

/** A positive integer parameter, or undefined. */
export function intParam(params: Record<string, string>, key: string, max = 1_000_000_000): number | undefined {
  const v = params[key];
  if (!v || !/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n > 0 && n <= max ? n : undefined;
}
