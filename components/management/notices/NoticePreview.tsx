'use client';

/** A notice as the public notice page (ArticlePage) draws it: title, date, source, the sanitised body. */
import { formatDateTime } from '@/lib/format';
import { RichText } from '@/components/ui/RichText';

export function NoticePreview({
  title,
  bodyHtml,
  publishedAt,
  onClose,
}: {
  title: string;
  bodyHtml: string;
  publishedAt: string | null;
  onClose: () => void;
}) {
  const at = publishedAt ?? new Date().toISOString();
  return (
    <section aria-label="公告预览" className="rounded-lg border-2 border-dashed border-brand-300 bg-gray-50 p-3 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-brand-800">预览（与通知公告页面显示一致，尚未发布的内容仅您可见）</p>
        <button type="button" onClick={onClose} className="rounded px-3 py-1 text-sm text-gray-700 hover:bg-gray-200">
          关闭预览
        </button>
      </div>
      <article className="mx-auto max-w-3xl rounded-lg bg-white px-5 py-8 shadow-sm sm:px-10">
        <header className="mb-6 border-b border-gray-100 pb-4 text-center">
          <h2 className="text-2xl font-semibold leading-snug text-gray-900">{title}</h2>
          <p className="mt-3 text-sm text-gray-600">
            <time dateTime={at}>{formatDateTime(at)}</time> · 来源：继续教育学院
          </p>
        </header>
        <RichText html={bodyHtml} />
      </article>
    </section>
  );
}
