'use client';
/** 添加课程: the published catalogue searched by title (words of the title, newest first), ten at a time. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { ButtonPager } from '@/components/ui/ButtonPager';

export function CoursePicker({
  chosen,
  busy,
  onAdd,
}: {
  chosen: Set<number>;
  busy: boolean;
  onAdd: (courseId: number) => void;
}) {
  const [input, setInput] = useState('');
  const [key, setKey] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const found = useQuery(apiQuery('/api/recommendseries/courseOptions', { key, pageNum, pageSize: 10 }));
  const data = found.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mt-5 border-t pt-4">
      <h4 className="font-medium">添加课程</h4>
      <form
        role="search"
        aria-label="搜索已发布的课程"
        className="mt-2 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setKey(input.trim());
          setPageNum(1);
        }}
      >
        <label htmlFor="series-course-key" className="sr-only">
          课程名称关键词
        </label>
        <input
          id="series-course-key"
          type="search"
          value={input}
          maxLength={50}
          placeholder="输入课程名称关键词"
          onChange={(e) => setInput(e.target.value)}
          className="min-w-0 flex-1 rounded border border-gray-300 px-3 py-1.5"
        />
        <button type="submit" className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800">
          搜索
        </button>
      </form>
      <p role="status" className="sr-only">
        {data ? `找到${data.total}门课程` : ''}
      </p>
      <div className="mt-3">
        {found.isError ? (
          <LoadFailed what="课程" onRetry={() => found.refetch()} retrying={found.isFetching} />
        ) : !data ? (
          <div className="h-24 animate-pulse rounded bg-gray-100" aria-busy="true" aria-label="课程加载中" />
        ) : data.list.length === 0 ? (
          <p className="text-sm text-gray-700">没有找到已发布的课程{key ? `“${key}”` : ''}</p>
        ) : (
          <ul className="divide-y rounded border" aria-label="可添加的课程">
            {data.list.map((c) => {
              const added = chosen.has(c.id);
              return (
                <li key={c.id} className="flex items-center gap-2 p-2">
                  <span className="min-w-0 flex-1 break-all">
                    {c.title}
                    {c.teacherName && <span className="ml-2 text-sm text-gray-600">{c.teacherName}</span>}
                  </span>
                  <button
                    type="button"
                    aria-disabled={added || busy || undefined}
                    aria-label={added ? `${c.title} 已添加` : `添加 ${c.title}`}
                    className="shrink-0 rounded border border-brand-600 px-2 py-1 text-sm text-brand-700 aria-disabled:border-gray-300 aria-disabled:text-gray-600"
                    onClick={() => !added && !busy && onAdd(c.id)}
                  >
                    {added ? '已添加' : '添加'}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <ButtonPager label="课程分页" pageNum={pageNum} pages={pages} onPage={setPageNum} className="mt-2" />
    </div>
  );
}
