import { hrefOf } from '@/lib/links';

/**
 * 您是不是要找: shown when nothing matched the keyword as written and the results are near misses (titles that
 * sound like it); the suggestion searches again with the words those titles use.
 */
export function SearchSuggestion({ keyword, suggestion }: { keyword: string; suggestion: string }) {
  return (
    <p role="status" className="mb-4 rounded-lg bg-white px-5 py-3 text-sm text-gray-700 shadow-sm">
      未找到与“{keyword}”完全匹配的内容。您是不是要找：
      <a href={hrefOf('/search/index', { key: suggestion })} className="font-medium text-brand-700 hover:underline">
        {suggestion}
      </a>
    </p>
  );
}
