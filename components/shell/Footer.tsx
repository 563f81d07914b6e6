'use client';

import Link from '@/components/ui/Link';
import { useSite } from '@/components/site/SiteContext';
import { ACADEMY_BASE_COUNT, NATIONAL_BASE_COUNT } from '@/lib/constants';
import { findRoute } from '@/lib/variants';
import { ACADEMY_BASES, NATIONAL_BASES, specialColumns } from './footer-data';

/**
 * SPEC 1: education bases, other academy sites, legal notices, contact details, three special columns. A client
 * component so that the page's flight data does not repeat its markup; the deployment's parts (other sites, contact
 * e-mail) come from the server's configuration as props.
 */
export function Footer({ others, contact }: { others: { label: string; href: string | null }[]; contact: string[] }) {
  const { variant, title } = useSite();
  const columns = specialColumns(variant);
  return (
    <footer className="focus-on-dark mt-auto bg-slate-900 text-slate-300">
      <div className="page-width grid gap-8 py-10 md:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="f-national">
          <h2 id="f-national" className="mb-3 font-semibold text-white">
            国家级继续教育基地（{NATIONAL_BASE_COUNT}个）
          </h2>
          <ul className="space-y-1 text-sm">
            {NATIONAL_BASES.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="f-academy">
          <h2 id="f-academy" className="mb-3 font-semibold text-white">
            院级继续教育基地（{ACADEMY_BASE_COUNT}个）
          </h2>
          <ul className="space-y-1 text-sm">
            {ACADEMY_BASES.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="f-columns">
          <h2 id="f-columns" className="mb-3 font-semibold text-white">
            专题培训栏目
          </h2>
          <ul className="space-y-1 text-sm">
            {columns.map((c) => (
              <li key={c.href}>
                <Link prefetch={false} href={c.href} className="footer-link">
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
          <h2 className="mb-3 mt-6 font-semibold text-white">院内其他网站</h2>
          <ul className="space-y-1 text-sm">
            {others.map((s) => (
              <li key={s.label}>
                {s.href ? (
                  <a href={s.href} className="footer-link" rel="noopener">
                    {s.label}
                  </a>
                ) : (
                  s.label
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="f-contact">
          <h2 id="f-contact" className="mb-3 font-semibold text-white">
            联系我们
          </h2>
          <address className="space-y-1 text-sm not-italic">
            {contact.map((c) => (
              <p key={c}>{c}</p>
            ))}
          </address>
        </section>
      </div>
      <div className="border-t border-slate-700">
        <div className="page-width flex flex-wrap items-center justify-between gap-3 py-4 text-sm">
          <p>© 2026 {title} 版权所有</p>
          <p className="flex gap-4">
            <Link prefetch={false} href="/service/copyright" className="footer-link">
              版权声明
            </Link>
            <Link prefetch={false} href="/service/exemption" className="footer-link">
              免责声明
            </Link>
            {findRoute(variant, '/app/index') && (
              <Link prefetch={false} href="/app/index" className="footer-link">
                APP下载
              </Link>
            )}
          </p>
        </div>
      </div>
    </footer>
  );
}
