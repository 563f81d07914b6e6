import Link from '@/components/ui/Link';
import { type Crumb } from '@/lib/links';
import { JsonLd } from './JsonLd';

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
                <Link
                  prefetch={false}
                  href={c.href}
                  className="inline-flex min-h-[24px] items-center hover:text-brand-700 hover:underline"
                >
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
          itemListElement: all.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: c.name,
            ...(c.href ? { item: `${origin}${c.href}` } : {}),
          })),
        }}
      />
    </>
  );
}
