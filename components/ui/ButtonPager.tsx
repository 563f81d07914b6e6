'use client';

const button =
  'rounded border border-gray-300 bg-white px-3 py-1.5 text-sm hover:border-brand-600 aria-disabled:opacity-50';

/**
 * 上一页 / 第 n / m 页 / 下一页 for a list that loads in the browser (the manager's screens, the inbox): buttons, not
 * links, since the address does not change. Nothing when there is one page.
 */
export function ButtonPager({
  label,
  pageNum,
  pages,
  onPage,
  className = 'mt-3',
}: {
  label: string;
  pageNum: number;
  pages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center justify-center gap-3 ${className}`}>
      <button
        type="button"
        className={button}
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
        className={button}
        aria-disabled={pageNum >= pages}
        onClick={() => pageNum < pages && onPage(pageNum + 1)}
      >
        下一页
      </button>
    </nav>
  );
}

/** The number of pages of `total` rows, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
