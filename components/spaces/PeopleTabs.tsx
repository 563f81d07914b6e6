'use client';

import Link from '@/components/ui/Link';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import type { SpaceKind } from '@/lib/contract/spaces';
import { spaceHref } from '@/lib/spaces/links';
import { useFollowState } from './FollowButton';

/** Fans and follows of a space, loaded when shown: per the privacy settings, and always to the owner. */
export function PeopleTabs({
  spaceRef,
  showFans,
  showFollows,
  hasFollows,
}: {
  spaceRef: { kind: SpaceKind; id: number };
  showFans: boolean;
  showFollows: boolean;
  hasFollows: boolean;
}) {
  const isOwner = !!useFollowState(spaceRef).state.data?.isOwner;
  const tabs = [
    { key: 'fans' as const, label: '粉丝', path: '/api/space/fans' as const, shown: showFans || isOwner },
    {
      key: 'follows' as const,
      label: '关注',
      path: '/api/space/follows' as const,
      shown: hasFollows && (showFollows || isOwner),
    },
  ].filter((t) => t.shown);
  const [active, setActive] = useState(tabs[0]?.key ?? 'fans');
  const tab = tabs.find((t) => t.key === active) ?? tabs[0];
  const list = useQuery({ ...apiQuery(tab?.path ?? '/api/space/fans', { ...spaceRef, pageSize: 20 }), enabled: !!tab });
  return (
    <section aria-labelledby="space-people" className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id="space-people" className="sr-only">
        粉丝与关注
      </h2>
      {tabs.length === 0 ? (
        <p className="py-6 text-center text-gray-600">空间主人已设置为不公开</p>
      ) : (
        <>
          <div role="tablist" aria-label="粉丝与关注" className="mb-3 flex gap-4 border-b border-gray-100">
            {tabs.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                aria-selected={t.key === tab?.key}
                className={`pb-2 text-lg ${t.key === tab?.key ? 'border-b-2 border-brand-700 font-semibold text-brand-800' : 'text-gray-600'}`}
                onClick={() => setActive(t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={tab?.label}>
            {list.isPending ? (
              <p className="py-4 text-gray-600" aria-busy="true">
                加载中…
              </p>
            ) : list.isError ? (
              <p role="alert" className="py-4 text-gray-600">
                暂时无法加载，请稍后重试。
              </p>
            ) : list.data.list.length === 0 ? (
              <p className="py-4 text-center text-gray-600">暂无{tab?.label}</p>
            ) : (
              <ul className="space-y-3">
                {list.data.list.map((p) => (
                  <li key={`${p.kind}${p.id}`}>
                    <Link
                      prefetch={false}
                      href={spaceHref(p.kind, p.id)}
                      className="flex items-center gap-3 hover:text-brand-700"
                    >
                      {p.avatar ? (
                        // eslint-disable-next-line @next/next/no-img-element -- small avatars
                        <img
                          src={p.avatar}
                          alt=""
                          width={36}
                          height={36}
                          className="h-9 w-9 rounded-full bg-gray-100 object-cover"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-brand-800"
                        >
                          {p.name.slice(0, 1)}
                        </span>
                      )}
                      <span className="min-w-0">
                        <span className="block font-medium">{p.name}</span>
                        <span className="block truncate text-sm text-gray-600">{p.subtitle}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </section>
  );
}
