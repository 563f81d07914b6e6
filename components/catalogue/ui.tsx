import Link from '@/components/ui/Link';
import { PagerNav } from './PagerNav';

/* Building blocks of the catalogue pages; server components (no state), usable from client ones too. */

/** `/course/index` + { t: 301, page: 2 } -> `/course/index?t=301&page=2` (empty values left out). */
export function hrefOf(path: string, params: Record<string, string | number | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

export interface Crumb {
  name: string;
  href?: string;
}

/** JSON-LD in a script tag; `<` is escaped so that no text can close the tag. */
export function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}

/** Breadcrumbs, with their JSON-LD BreadcrumbList (absolute URLs on the site's origin). */
export function Breadcrumbs({ items, origin }: { items: Crumb[]; origin: string }) {
  const all: Crumb[] = [{ name: '首页', href: '/home' }, ...items];
  return (
    <>
      <nav aria-label="面包屑" className="mb-4 text-sm text-gray-600">
        <ol className="flex flex-wrap items-center gap-1">
          {all.map((c, i) => (
            <li key={`${c.name}-${i}`} className="flex items-center gap-1">
              {i > 0 && <span aria-hidden="true">/</span>}
              {c.href && i < all.length - 1 ? (
                <Link prefetch={false} href={c.href} className="inline-flex min-h-[24px] items-center hover:text-brand-700 hover:underline">
                  {c.name}
                </Link>
              ) : (
                <span aria-current={i === all.length - 1 ? 'page' : undefined} className="text-gray-800">
                  {c.name}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: all.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, ...(c.href ? { item: `${origin}${c.href}` } : {}) })),
        }}
      />
    </>
  );
}

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
  const around = new Set([1, pages, pageNum - 2, pageNum - 1, pageNum, pageNum + 1, pageNum + 2].filter((p) => p >= 1 && p <= pages));
  const list = [...around].sort((a, b) => a - b);
  const cls = 'inline-flex min-w-9 items-center justify-center rounded border px-2 py-1.5 text-sm';
  return (
    <PagerNav page={pageNum} label={label} className="mt-6 flex flex-wrap items-center justify-center gap-1.5">
      {pageNum > 1 ? (
        <Link prefetch={false} href={href(pageNum - 1)} rel="prev" className={`${cls} border-gray-300 bg-white hover:border-brand-600`}>
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
            <Link prefetch={false} href={href(p)} className={`${cls} border-gray-300 bg-white hover:border-brand-600`} aria-label={`第${p}页`}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {pageNum < pages ? (
        <Link prefetch={false} href={href(pageNum + 1)} rel="next" className={`${cls} border-gray-300 bg-white hover:border-brand-600`}>
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

export function EmptyState({ children = '暂无内容' }: { children?: React.ReactNode }) {
  return <p className="rounded-lg bg-white py-16 text-center text-gray-600">{children}</p>;
}

export function ErrorState({ what }: { what: string }) {
  return (
    <p role="alert" className="rounded-lg bg-white py-16 text-center text-gray-600">
      {what}暂时无法加载，请稍后刷新页面重试。
    </p>
  );
}

/** Sanitised HTML from the server (lib/server/rich-text) with readable typography. */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={`max-w-none break-words text-[16px] leading-8 text-gray-800 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-4 [&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-4 [&_img]:max-w-full [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_p]:indent-8 [&_table]:my-4 [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/**
 * The matched words of a search highlighted with <mark>; words matched side by side are one mark (人工智能 for the
 * terms 人工 and 智能), not pieces with a gap between them.
 */
export function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const list = [...new Set(terms.filter(Boolean))].sort((a, b) => b.length - a.length);
  if (!list.length) return <>{text}</>;
  const re = new RegExp(`((?:${list.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})+)`, 'gi');
  const parts = text.split(re);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded-sm bg-yellow-200 text-inherit">
            {p}
          </mark>
        ) : (
          p
        ),
      )}
    </>
  );
}

/** A row of filter links; the active one is marked for screen readers (aria-current). */
export function FilterRow({ label, options }: { label: string; options: { label: string; href: string; active: boolean; count?: number }[] }) {
  return (
    <div className="flex flex-col gap-2 border-b border-gray-100 py-3 sm:flex-row sm:items-start">
      <span className="shrink-0 whitespace-nowrap pt-1 text-sm font-medium text-gray-700 sm:w-24">{label}：</span>
      <ul className="flex flex-wrap gap-2" aria-label={label}>
        {options.map((o) => (
          <li key={o.href + o.label}>
            <Link
              prefetch={false}
              href={o.href}
              aria-current={o.active ? 'true' : undefined}
              className={`inline-block rounded px-3 py-1 text-sm ${o.active ? 'bg-brand-700 text-white' : 'text-gray-700 hover:bg-brand-50 hover:text-brand-700'}`}
            >
              {o.label}
              {o.count !== undefined && <span className={o.active ? 'text-white/80' : 'text-gray-500'}>（{o.count}）</span>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A review's rating (1-5) on the full scale: filled and empty stars to see, the score in words to hear. */
export function ReviewStars({ score, className = '' }: { score: number; className?: string }) {
  const n = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <span className={`text-amber-600 ${className}`}>
      <span aria-hidden="true">
        {'★'.repeat(n)}
        {'☆'.repeat(5 - n)}
      </span>
      <span className="sr-only">{n}分（满分5分）</span>
    </span>
  );
}

export function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="mb-4 border-l-4 border-brand-700 pl-3 text-xl font-semibold text-gray-900">
      {children}
    </h2>
  );
}

export function Skeleton({ label = '加载中' }: { label?: string }) {
  return (
    <div className="page-width py-6" aria-busy="true" aria-label={label}>
      <div className="mb-4 h-8 w-1/3 animate-pulse rounded bg-gray-200" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i} className="h-48 animate-pulse rounded-md bg-gray-100" />
        ))}
      </div>
    </div>
  );
}

/** Scroll shadows: a shade at the edge that has more columns beyond it (the cover gradients move with the content). */
const SCROLL_SHADOWS: React.CSSProperties = {
  background:
    'linear-gradient(to right, #fff 30%, rgba(255,255,255,0)) left / 40px 100% no-repeat local, linear-gradient(to left, #fff 30%, rgba(255,255,255,0)) right / 40px 100% no-repeat local, radial-gradient(farthest-side at 0 50%, rgba(0,0,0,.22), transparent) left / 14px 100% no-repeat scroll, radial-gradient(farthest-side at 100% 50%, rgba(0,0,0,.22), transparent) right / 14px 100% no-repeat scroll',
};

/**
 * A table wider than a phone (WCAG 2.1.1, axe scrollable-region-focusable): a named region that takes focus
 * (arrow keys scroll it), with a hint on narrow screens and a shadow at the edge that has more columns.
 */
export function ScrollTable({ label, hint = true, children }: { label: string; hint?: boolean; children: React.ReactNode }) {
  return (
    <>
      {hint && <p className="mb-2 text-xs text-gray-500 sm:hidden">表格较宽，可左右滑动查看全部列</p>}
      {/* relative: the cells' sr-only names (position: absolute) stay inside the scrolling box; positioned by the
          page instead, they sat past its right edge and made the whole page scroll sideways on a phone. */}
      <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto rounded focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700" style={SCROLL_SHADOWS}>
        {children}
      </div>
    </>
  );
}
