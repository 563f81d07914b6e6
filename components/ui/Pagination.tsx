import Link from '@/components/ui/Link';
import { PagerNav } from './PagerNav';
import { hrefOf } from '@/lib/links';

/**
 * Page numbers as links, so that a page of results is a URL (works without JavaScript); after a page change
 * through them the results heading takes the focus (PagerNav, the only script, on pages with a pager only).
 */
export function Pagination({
  path,
  params,
  pageNum,
  pageSize,
  total,
  label = '分页',
}: {
  path: string;
  params: Record<string, string | number | undefined>;
  pageNum: number;
  pageSize: number;
  total: number;
  label?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => hrefOf(path, { ...params, page: p > 1 ? p : undefined });
  const around = new Set(
    [1, pages, pageNum - 2, pageNum - 1, pageNum, pageNum + 1, pageNum + 2].filter((p) => p >= 1 && p <= pages),
  );
  const list = [...around].sort((a, b) => a - b);
  const cls = 'inline-flex min-w-9 items-center justify-center rounded border px-2 py-1.5 text-sm';
  return (
    <PagerNav page={pageNum} label={label} className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
      {pageNum > 1 ? (
        <Link
          prefetch={false}
          href={href(pageNum - 1)}
          rel="prev"
          className={`${cls} border-gray-300 bg-white hover:border-brand-600`}
        >
          上一页
        </Link>
      ) : (
        <span className={`${cls} border-gray-200 text-gray-400`} aria-disabled="true">
          上一页
        </span>
      )}
      {list.map((p, i) => (
        <span key={p} className="flex items-center gap-1.5">
          {i > 0 && p - list[i - 1] > 1 && <span aria-hidden="true">…</span>}
          {p === pageNum ? (
            <span aria-current="page" className={`${cls} border-brand-700 bg-brand-700 text-white`}>
              <span className="sr-only">第</span>
              {p}
              <span className="sr-only">页</span>
            </span>
          ) : (
            <Link
              prefetch={false}
              href={href(p)}
              className={`${cls} border-gray-300 bg-white hover:border-brand-600`}
              aria-label={`第${p}页`}
            >
              {p}
            </Link>
          )}
        </span>
      ))}
      {pageNum < pages ? (
        <Link
          prefetch={false}
          href={href(pageNum + 1)}
          rel="next"
          className={`${cls} border-gray-300 bg-white hover:border-brand-600`}
        >
          下一页
        </Link>
      ) : (
        <span className={`${cls} border-gray-200 text-gray-400`} aria-disabled="true">
          下一页
        </span>
      )}
      <span className="ml-2 text-sm text-gray-600">
        共{total}条，{pages}页
      </span>
    </PagerNav>
  );
}
