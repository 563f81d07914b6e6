'use client';

/** 上一页 / 第 n / m 页 / 下一页 for a list that loads in the browser (the manager's screens). */
export function Pager({
  label,
  pageNum,
  pageSize,
  total,
  onPage,
}: {
  label: string;
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const button = 'rounded px-2 py-1 hover:bg-gray-100 aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent';
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-center gap-3 text-sm">
      <button
        type="button"
        className={button}
        aria-disabled={pageNum <= 1}
        onClick={() => pageNum > 1 && onPage(pageNum - 1)}
      >
        上一页
      </button>
      <span>
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
