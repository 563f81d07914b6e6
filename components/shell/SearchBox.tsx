'use client';

import { SEARCH_KEYWORD_MAX } from '@/lib/validation/search-rule';
import { useSearchSubmit } from './use-search-submit';

/**
 * The keyword search box of the shell: an empty keyword is refused with SPEC 5's message. Before the page is
 * interactive (or without JavaScript) it submits as a plain GET to /search/index, which checks the keyword too.
 */
export function SearchBox() {
  const { key, error, change, submit } = useSearchSubmit();
  return (
    <form
      role="search"
      aria-label="全站搜索"
      action="/search/index"
      method="get"
      onSubmit={submit}
      className="flex w-full max-w-md items-stretch"
      noValidate
    >
      <input
        type="search"
        name="key"
        aria-label="搜索关键词"
        aria-invalid={!!error}
        aria-describedby={error ? 'search-error' : undefined}
        value={key}
        maxLength={SEARCH_KEYWORD_MAX}
        onChange={(e) => change(e.target.value)}
        placeholder="搜索课程、培训、师资、新闻"
        className="min-w-0 flex-1 rounded-l-md border border-gray-300 bg-white px-3 py-2 text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-none"
      />
      <button type="submit" className="shrink-0 rounded-r-md bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
        搜索
      </button>
      {error && (
        <span id="search-error" className="sr-only">
          {error}
        </span>
      )}
    </form>
  );
}
