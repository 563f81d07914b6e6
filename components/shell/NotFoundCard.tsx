'use client';

import Link from '@/components/ui/Link';
import { FirstPageLink } from './FirstPageLink';
import { NOT_FOUND_MSG } from './not-found-text';

/**
 * The 404's card. A client component although it has no state: the root layout's flight data, sent with every page,
 * then names it instead of carrying its markup.
 */
export function NotFoundCard() {
  return (
    <section
      className="mx-auto max-w-xl rounded-lg bg-white px-8 py-16 text-center shadow-sm"
      aria-labelledby="not-found-title"
    >
      <p className="text-4xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-semibold text-gray-900">
        {NOT_FOUND_MSG}
      </h1>
      <p className="mt-3 text-gray-600">页面可能已被移除、更名，或者您输入的网址有误。</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <FirstPageLink className="inline-block rounded-md border border-brand-700 px-6 py-2 text-brand-800 hover:bg-brand-50" />
        <Link href="/home" className="inline-block rounded-md bg-brand-700 px-6 py-2 text-white hover:bg-brand-800">
          返回首页
        </Link>
      </div>
    </section>
  );
}
