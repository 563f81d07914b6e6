/**
 * SPEC 5: the search keyword rule as a plain function, so the shell's search box checks it
 * without loading zod; lib/validation/search.ts builds the server's schema from it.
 */
import { V } from './messages';

export const SEARCH_KEYWORD_MAX = 50;
export const SEARCH_KEYWORD_TOO_LONG = `搜索内容不能超过${SEARCH_KEYWORD_MAX}个字`;

/**
 * A keyword from a page's address, as the search page asks for it: control characters (a NUL from a hand-made link)
 * become spaces and the ends are trimmed. The endpoints themselves refuse control characters as 参数错误.
 */
export function cleanSearchKeyword(value: string | null | undefined): string {
  return (value ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
}

/** The message for a keyword that is not acceptable, or null. Blank = null or only whitespace. */
export function searchKeywordError(value: string | null | undefined): string | null {
  const key = (value ?? '').trim();
  if (!key) return V.searchKeywordRequired;
  if (key.length > SEARCH_KEYWORD_MAX) return SEARCH_KEYWORD_TOO_LONG;
  return null;
}
