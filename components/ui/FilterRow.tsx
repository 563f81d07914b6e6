import Link from '@/components/ui/Link';

/** A row of filter links; the active one is marked for screen readers (aria-current). */
export function FilterRow({
  label,
  options,
}: {
  label: string;
  options: { label: string; href: string; active: boolean; count?: number }[];
}) {
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
              {o.count !== undefined && (
                <span className={o.active ? 'text-white/80' : 'text-gray-500'}>（{o.count}）</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
