'use client';

import { SEARCH_KEYWORD_MAX } from '@/lib/validation/search-rule';
import { useSearchSubmit } from '@/components/shell/use-search-submit';

/**
 * The results page's own search box. Like the header's box (SPEC 5), an empty keyword is refused in place with
 * 请输入搜索内容, so the results on the page stay; without JavaScript it submits as a plain GET.
 */
export function SearchPageForm({ initialKey, tab }: { initialKey: string; tab?: string }) {
  const { key, error, change, submit } = useSearchSubmit(initialKey, tab);
  return (
    <form
      action="/search/index"
      method="get"
      role="search"
      aria-label="搜索结果页搜索"
      className="mb-6 max-w-xl"
      onSubmit={submit}
      noValidate
    >
      <div className="flex">
        <label htmlFor="search-page-key" className="sr-only">
          搜索内容
        </label>
        <input
          id="search-page-key"
          name="key"
          type="search"
          value={key}
          onChange={(e) => change(e.target.value)}
          maxLength={SEARCH_KEYWORD_MAX}
          aria-invalid={!!error}
          aria-describedby={error ? 'search-page-error' : undefined}
          className="min-w-0 flex-1 rounded-l-md border border-gray-300 px-3 py-2"
        />
        {tab && <input type="hidden" name="tab" value={tab} />}
        <button type="submit" className="rounded-r-md bg-brand-700 px-5 py-2 text-white hover:bg-brand-800">
          重新搜索
        </button>
      </div>
      {error && (
        <p id="search-page-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
