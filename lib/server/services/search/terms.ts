/**
 * A search's keyword as the queries and the page need it: its words and their `tsquery` literals, its pinyin for
 * near misses, and afterwards the words to highlight and the 您是不是要找 suggestion (pure functions over
 * search-text).
 */
import { keywordQuery, keywordWords, mostWordsQuery, pinyinKey, pinyinMatches, soundsLike } from './text';

/** A keyword of this many words or more that matches nothing as a whole may match by most of its words. */
const MANY_WORDS = 3;
const NEAR_MISS_MIN_CHARS = 3;

/** Exact: every word occurs; near: the title sounds like the keyword, or a long keyword's words mostly occur. */
export type Mode = 'exact' | 'near';

export interface Terms {
  key: string;
  /** The keyword's words (Chinese segmented, Latin lowercased), all of which must occur. */
  words: string[];
  /** The `tsquery` of all the words, of all in the title, of most (for a long keyword that matched nothing). */
  all: string;
  title: string;
  any: string;
  /** The keyword's pinyin, for near misses. */
  pinyin: string;
  /** Whether near misses are looked for: not for a keyword of one or two characters (too few to compare). */
  near: boolean;
}

export function searchTerms(raw: string): Terms {
  const key = raw.trim().replace(/\s+/g, ' ');
  const words = keywordWords(key);
  return {
    key,
    words,
    all: keywordQuery(words),
    title: keywordQuery(words, true),
    any: words.length >= MANY_WORDS ? mostWordsQuery(words) : '',
    pinyin: pinyinKey(key).replace(/ /g, ''),
    near: words.length > 0 && [...key.replace(/\s/g, '')].length >= NEAR_MISS_MIN_CHARS,
  };
}

/**
 * The words to highlight: the keyword's words, the title characters a Latin keyword spells in pinyin
 * (dangshi -> 党史), and for near misses the part of a title that sounds like the keyword.
 */
export function highlightTerms(t: Terms, titles: string[], mode: Mode): string[] {
  const terms = new Set(t.words);
  for (const title of titles) {
    for (const w of t.words) for (const m of pinyinMatches(title, w)) terms.add(m);
    if (mode === 'near') {
      const m = soundsLike(title, t.key);
      if (m) terms.add(m);
    }
  }
  return [...terms];
}

/** 您是不是要找: for near misses, the part of the best result's title that sounds like the keyword. */
export function suggestionOf(t: Terms, titles: string[]): string | undefined {
  for (const title of titles) {
    const m = soundsLike(title, t.key);
    if (m && m !== t.key) return m;
  }
  return undefined;
}
