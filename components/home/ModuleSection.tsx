import Link from '@/components/ui/Link';
import { PromptLink } from '@/components/shell/PromptLink';

/**
 * A titled home module with a 'more' link, and its loading, error and empty states. promptLogin: the 'more'
 * link is a section entry that asks a visitor to log in first, as the menu's entry does (SPEC 2.3: notices).
 */
export function ModuleSection({
  id,
  title,
  moreHref,
  state,
  children,
  className = '',
  promptLogin = false,
}: {
  id: string;
  title: string;
  moreHref?: string;
  state: { isPending: boolean; isError: boolean; isEmpty: boolean };
  children: React.ReactNode;
  className?: string;
  promptLogin?: boolean;
}) {
  const more = (
    <>
      更多<span className="sr-only">{title}</span> &gt;
    </>
  );
  return (
    <section aria-labelledby={id} className={`module-box ${className}`}>
      <div className="module-head">
        <h2 id={id} className="module-title">
          {title}
        </h2>
        {moreHref &&
          (promptLogin ? (
            <PromptLink href={moreHref} className="module-more">
              {more}
            </PromptLink>
          ) : (
            <Link prefetch={false} href={moreHref} className="module-more">
              {more}
            </Link>
          ))}
      </div>
      {state.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label={`${title}加载中`}>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="h-40 animate-pulse rounded-md bg-gray-100" />
          ))}
        </div>
      ) : state.isError ? (
        <p className="py-8 text-center text-gray-600" role="alert">
          {title}暂时无法加载，请稍后刷新页面重试。
        </p>
      ) : state.isEmpty ? (
        <p className="py-8 text-center text-gray-600">暂无{title}内容</p>
      ) : (
        children
      )}
    </section>
  );
}

export function stateOf(q: { isPending: boolean; isError: boolean; data?: unknown[] }) {
  return {
    isPending: q.isPending,
    isError: q.isError,
    isEmpty: !q.isPending && !q.isError && (q.data?.length ?? 0) === 0,
  };
}
