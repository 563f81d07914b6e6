'use client';

import Link from '@/components/ui/Link';
import type { LiveCard, NewsItem, NoticeItem, Page, SeriesCard, TeacherCard } from '@/lib/contract/home';
import type { CourseListItem, TrainListItem } from '@/lib/contract/catalogue';
import { CourseCardView, LiveCardView, SeriesCardView, TeacherCardView, TrainCardView } from '@/components/cards/Cards';
import { formatDate } from '@/lib/format';
import { openCourseInNamedWindow } from '@/lib/ui/named-window';
import { NewWindowHint } from '@/components/ui/NewWindowHint';
import { EmptyState, ErrorState } from '@/components/ui/EmptyState';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiPath, ContractBody, PathAnswering } from '@/lib/contract/endpoints';
import { useApiData } from './useApiData';

/*
 * The lists of the catalogue pages: each reads the page of results the server prefetched (hydrated into
 * react-query) under the same path and body.
 */

/** A list's call: a path that answers a page of the items the list shows (checked where the list is used). */
type PagedPath = PathAnswering<Page<unknown>>;

/** A key the page filled itself with a detail's list (a series' or teacher's courses): read, never fetched. */
type FilledKey = `${ApiPath}#${string}`;

interface ListProps {
  path: PagedPath | FilledKey;
  body: object;
  what: string;
}

function useList<T>({ path, body }: ListProps) {
  // The page chose a path answering these items (LISTS in SimpleListPage, list-specs); the body is the one it prefetched.
  return useApiData(path as PagedPath, body as ContractBody<PagedPath>) as UseQueryResult<Page<T>>;
}

function Frame<T>({
  q,
  what,
  children,
}: {
  q: ReturnType<typeof useList<T>>;
  what: string;
  children: (list: T[]) => React.ReactNode;
}) {
  if (q.isPending)
    return <div className="h-64 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label={`${what}加载中`} />;
  if (q.isError || !q.data) return <ErrorState what={what} />;
  if (q.data.list.length === 0) return <EmptyState>暂无{what}</EmptyState>;
  return <>{children(q.data.list)}</>;
}

export function CourseList(props: ListProps) {
  const q = useList<CourseListItem>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3" onClickCapture={openCourseInNamedWindow}>
          {list.map((c) => (
            <li key={c.id}>
              <CourseCardView course={c} newWindow />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function SeriesList(props: ListProps) {
  const q = useList<SeriesCard>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {list.map((s) => (
            <li key={s.id}>
              <SeriesCardView item={s} />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function TrainList(props: ListProps) {
  const q = useList<TrainListItem>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="grid grid-cols-1 gap-5 lg:grid-cols-2">
          {list.map((t) => (
            <li key={t.id} className="rounded-lg bg-white p-4 shadow-sm">
              <TrainCardView item={t} />
              <p className="mt-2 text-sm text-gray-600">
                {[t.trainTypeName, t.orgSourceName, t.itemTypeName].filter(Boolean).join(' · ')}
                {t.applyEndAt && <> · 报名截止 {formatDate(t.applyEndAt)}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function LiveList(props: ListProps) {
  const q = useList<LiveCard>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {list.map((l) => (
            <li key={l.id}>
              <LiveCardView item={l} />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function TeacherList(props: ListProps) {
  const q = useList<TeacherCard>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-6">
          {list.map((t) => (
            <li key={t.id}>
              <TeacherCardView item={t} />
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function NewsList(props: ListProps) {
  const q = useList<NewsItem>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="divide-y divide-gray-100 rounded-lg bg-white px-5 shadow-sm">
          {list.map((n) => (
            <li key={n.id} className="flex gap-4 py-4">
              <div className="min-w-0 flex-1">
                <h2 className="text-lg font-medium">
                  <Link
                    prefetch={false}
                    href={`/notice/newsDetail?id=${n.id}`}
                    className="text-gray-900 hover:text-brand-700"
                  >
                    {n.title}
                  </Link>
                </h2>
                <p className="mt-1 line-clamp-2 text-sm text-gray-600">{n.summary}</p>
                <time dateTime={n.publishedAt} className="mt-1 block text-sm text-gray-500">
                  {formatDate(n.publishedAt)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function NoticeList(props: ListProps) {
  const q = useList<NoticeItem>(props);
  return (
    <Frame q={q} what={props.what}>
      {(list) => (
        <ul className="divide-y divide-gray-100 rounded-lg bg-white px-5 shadow-sm">
          {list.map((n) => (
            <li key={n.id} className="flex items-center justify-between gap-4 py-3">
              <h2 className="min-w-0 text-base">
                {n.isTop && <span className="mr-2 rounded bg-red-700 px-1.5 py-0.5 text-xs text-white">置顶</span>}
                <Link
                  prefetch={false}
                  href={`/notice/noticeDetail?id=${n.id}`}
                  className="text-gray-900 hover:text-brand-700"
                >
                  {n.title}
                </Link>
              </h2>
              <time dateTime={n.publishedAt} className="shrink-0 text-sm text-gray-500">
                {formatDate(n.publishedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Frame>
  );
}

export function HotList({ path, body }: { path: '/api/course/hotList'; body: ContractBody<'/api/course/hotList'> }) {
  const q = useApiData(path, body);
  if (q.isError) return <ErrorState what="热门课程" />;
  if (!q.data?.length) return <p className="text-sm text-gray-600">暂无热门课程</p>;
  return (
    <ol className="space-y-2" onClickCapture={openCourseInNamedWindow}>
      {q.data.map((c, i) => (
        <li key={c.id} className="flex gap-2 text-sm">
          <span
            className={`inline-flex h-5 w-5 shrink-0 items-center justify-center rounded text-xs ${i < 3 ? 'bg-brand-700 text-white' : 'bg-gray-200 text-gray-700'}`}
          >
            {i + 1}
          </span>
          <Link
            prefetch={false}
            href={`/course/detail?id=${c.id}`}
            className="line-clamp-2 text-gray-800 hover:text-brand-700"
          >
            {c.title}
            <NewWindowHint />
          </Link>
        </li>
      ))}
    </ol>
  );
}
