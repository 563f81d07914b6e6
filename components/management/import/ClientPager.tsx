'use client';

/** 上一页 / 下一页 over a list the browser already holds (the import's errors and accounts). */
export function ClientPager({
  label,
  pageNum,
  pages,
  onPage,
}: {
  label: string;
  pageNum: number;
  pages: number;
  onPage: (p: number) => void;
}) {
  if (pages <= 1) return null;
  const btn = 'rounded border border-gray-300 bg-white px-3 py-1.5 text-sm aria-disabled:opacity-50';
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-center gap-3">
      <button
        type="button"
        className={btn}
        aria-disabled={pageNum <= 1}
        onClick={() => pageNum > 1 && onPage(pageNum - 1)}
      >
        上一页
      </button>
      <span className="text-sm text-gray-700" aria-live="polite">
        第 {pageNum} / {pages} 页
      </span>
      <button
        type="button"
        className={btn}
        aria-disabled={pageNum >= pages}
        onClick={() => pageNum < pages && onPage(pageNum + 1)}
      >
        下一页
      </button>
    </nav>
  );
}

export const IMPORT_PAGE_SIZE = 20;
