/**
 * What stands before a search: answers of recent searches shared by the visitors who ask the same (remembered),
 * and the count of new keywords per address (admitKeyword) that the search gate (lib/server/lanes/search-gate)
 * applies before a search page renders.
 */
import { processState } from '@/lib/server/process-state';
import { onInvalidate } from '@/lib/server/cache';
import { SEARCH_TAGS } from '@/lib/cache-tags';
import { openSearchGate } from './gate-slot';
import { limitAddress } from '../accounts/rate-limit';

/**
 * Answers of recent searches, per site and query, for SEARCH_CACHE_TTL_MS: a popular keyword asked by many
 * visitors at once is computed once (the promise is shared). Bounded (oldest dropped first); only a speed-up,
 * nothing another instance needs (docs/design.md §6). Catalogue writes clear it (lib/server/cache), for the API and
 * the pages alike (one map for the process: lib/server/process-state).
 */
const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_MAX = 500;
const answers = processState('searchAnswers', () => new Map<string, { at: number; value: Promise<unknown> }>());

export function remembered<T>(parts: unknown[], compute: () => Promise<T>): Promise<T> {
  const key = JSON.stringify(parts);
  const now = Date.now();
  const hit = answers.get(key);
  if (hit && now - hit.at < SEARCH_CACHE_TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  answers.delete(key);
  answers.set(key, { at: now, value });
  value.catch(() => answers.delete(key));
  while (answers.size > SEARCH_CACHE_MAX) answers.delete(answers.keys().next().value as string);
  return value;
}

onInvalidate(SEARCH_TAGS, 'searchAnswers', () => answers.clear());

/**
 * Keywords this instance has answered lately. A new one costs a search and, through the search page, a page
 * rendered and cached, which made new keywords the easiest way to overload the server; so an address may ask
 * LIMITS.searchKeyword new ones a minute (counted in the database, shared by instances), and known ones freely
 * (tabs and pages of a keyword are not new). Bounded, oldest dropped first.
 */
const KNOWN_KEYWORD_TTL_MS = 60 * 60_000;
const KNOWN_KEYWORDS_MAX = 5000;
const knownKeywords = processState('knownSearchKeywords', () => new Map<string, number>());
const keywordOf = (key: string) => key.trim().replace(/\s+/g, ' ').toLowerCase();

export function isKnownKeyword(key: string, now = Date.now()): boolean {
  const at = knownKeywords.get(keywordOf(key));
  return at !== undefined && now - at < KNOWN_KEYWORD_TTL_MS;
}

/**
 * Lets a keyword through for an address: free when known, else one of the address's new keywords this minute
 * (refused with 操作过于频繁，请稍后再试). '' is the pages' own in-process call, let through: their requests are
 * counted before they render (lib/server/lanes/search-gate).
 */
export async function admitKeyword(key: string, ip: string): Promise<void> {
  if (!ip || isKnownKeyword(key)) return;
  await limitAddress('searchKeyword', ip);
  const k = keywordOf(key);
  knownKeywords.delete(k);
  knownKeywords.set(k, Date.now());
  while (knownKeywords.size > KNOWN_KEYWORDS_MAX) knownKeywords.delete(knownKeywords.keys().next().value as string);
}

openSearchGate({ isKnown: (key) => isKnownKeyword(key), admit: admitKeyword });
