'use client';

/**
 * 我的消息 (issue 25): the learner's messages newest first, ten a page, all or unread only; each can be marked read,
 * and opening its link marks it read too; 全部标为已读. Read by the browser (the page around it is cached for
 * everyone). Every control is a link or a button, so the keyboard reaches and works each.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Link from '@/components/ui/Link';
import { api } from '@/lib/api/browser';
import { call } from '@/lib/api/core';
import { apiQuery } from '@/lib/api/query';
import { NOTIFICATION_KIND_NAMES, type NotificationItem } from '@/lib/contract/notifications';
import { formatDateTime } from '@/lib/format';
import { BusyButton } from '@/components/ui/BusyButton';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { LIST_PATH, refreshNotifications } from './queries';
import { useSite } from '@/components/site/SiteContext';
import { findRoute } from '@/lib/variants';
import { ButtonPager, pageCount } from '@/components/ui/ButtonPager';

const PAGE_SIZE = 10;
const pill = 'rounded px-3 py-1.5 text-sm';
const btn =
  'rounded border border-gray-300 bg-white px-3 py-1.5 text-sm hover:border-brand-600 aria-disabled:opacity-50';

function Pager({ pageNum, total, onPage }: { pageNum: number; total: number; onPage: (p: number) => void }) {
  return (
    <ButtonPager
      label="消息分页"
      pageNum={pageNum}
      pages={pageCount(total, PAGE_SIZE)}
      onPage={onPage}
      className="mt-4"
    />
  );
}

function Item({ n, onRead, busy }: { n: NotificationItem; onRead: (id: number) => void; busy: boolean }) {
  const titleId = `notification-${n.id}`;
  // A page this host does not have (the party-school host has no /exam) is named, not linked to a 404.
  const { variant } = useSite();
  const link = n.link && findRoute(variant, n.link.split('?')[0]) ? n.link : '';
  return (
    <li
      aria-labelledby={titleId}
      className={`p-4 ${n.read ? 'bg-white' : 'bg-brand-50/60'}`}
      data-testid="notification"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-gray-600">
        {!n.read && <span className="inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />}
        <span className="rounded bg-gray-100 px-1.5 py-0.5 text-gray-700">
          {NOTIFICATION_KIND_NAMES[n.kind] ?? '通知'}
        </span>
        <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
        <span className={n.read ? 'text-gray-500' : 'font-medium text-red-700'}>{n.read ? '已读' : '未读'}</span>
      </div>
      <h2 id={titleId} className={`mt-1 text-base ${n.read ? 'font-normal text-gray-800' : 'font-semibold'}`}>
        {link ? (
          <Link
            href={link}
            prefetch={false}
            className="text-brand-700 hover:underline"
            onClick={() => !n.read && onRead(n.id)}
          >
            {n.title}
          </Link>
        ) : (
          n.title
        )}
      </h2>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-gray-700">{n.body}</p>
      {!n.read && (
        <BusyButton
          busy={busy}
          className="mt-2 text-sm text-brand-700 hover:underline aria-disabled:opacity-60"
          onClick={() => onRead(n.id)}
          aria-label={`将“${n.title}”标为已读`}
        >
          标为已读
        </BusyButton>
      )}
    </li>
  );
}

export function Inbox() {
  const client = useQueryClient();
  const [pageNum, setPageNum] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [busy, setBusy] = useState<number | 'all' | null>(null);
  const query = useQuery(
    apiQuery(LIST_PATH, { pageNum, pageSize: PAGE_SIZE, ...(unreadOnly ? { unread: true } : {}) }),
  );
  const data = query.data;
  const act = async (what: number | 'all') => {
    setBusy(what);
    try {
      if (what === 'all') await call(api, '/api/notification/readAll');
      else await call(api, '/api/notification/read', { ids: [what] });
      await refreshNotifications(client);
    } finally {
      setBusy(null);
    }
  };
  const choose = (only: boolean) => {
    setUnreadOnly(only);
    setPageNum(1);
  };
  return (
    <section aria-label="消息列表" className="mt-4 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="显示" className="flex gap-2">
          {[false, true].map((only) => (
            <button
              key={String(only)}
              type="button"
              aria-pressed={unreadOnly === only}
              className={`${pill} ${unreadOnly === only ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
              onClick={() => choose(only)}
            >
              {only ? '未读' : '全部'}
            </button>
          ))}
        </div>
        <p className="text-sm text-gray-700" aria-live="polite">
          {data ? `未读 ${data.unread} 条` : ''}
          {data && data.unread > 0 && (
            <BusyButton busy={busy === 'all'} className={`${btn} ml-3`} onClick={() => void act('all')}>
              全部标为已读
            </BusyButton>
          )}
        </p>
      </div>
      {!data ? (
        query.isError ? (
          <LoadFailed
            what="消息"
            onRetry={query.refetch}
            retrying={query.isFetching}
            className="rounded border bg-white p-6"
          />
        ) : (
          <p role="status" className="rounded border bg-white p-6 text-gray-600">
            正在加载…
          </p>
        )
      ) : data.list.length === 0 ? (
        <p className="rounded border bg-white p-6 text-center text-gray-600">
          {unreadOnly ? '没有未读消息' : '暂无消息'}
        </p>
      ) : (
        <ul className="divide-y overflow-hidden rounded border">
          {data.list.map((n) => (
            <Item key={n.id} n={n} busy={busy === n.id} onRead={(id) => void act(id)} />
          ))}
        </ul>
      )}
      {data && <Pager pageNum={pageNum} total={data.total} onPage={setPageNum} />}
    </section>
  );
}
