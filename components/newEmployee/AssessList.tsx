'use client';

import { useId, useState, useSyncExternalStore } from 'react';
import Link from '@/components/ui/Link';
import { useSearchParams } from 'next/navigation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import type { AssessItem } from '@/lib/contract/spaces';
import { TRAIN_TYPES } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { isLoggedIn } from '@/lib/session/client';
import { openLogin } from '@/lib/ui/events';
import { toast } from '@/components/ui/Toaster';
import { BusyButton } from '@/components/ui/BusyButton';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { call } from '@/lib/api/core';

const noop = () => () => {};
const ASPECTS: [keyof NonNullable<AssessItem['scores']>, string][] = [
  ['content', '培训内容'],
  ['teacher', '师资水平'],
  ['organisation', '组织服务'],
];

export function AssessList() {
  const loggedIn = useSyncExternalStore(noop, isLoggedIn, () => false);
  // `/assess?trainId=N` (the link of a project's page) asks for that project only.
  const param = useSearchParams().get('trainId');
  const asked = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  const list = useQuery({ ...apiQuery('/api/assess/list'), enabled: loggedIn });
  if (!loggedIn)
    return (
      <p className="rounded bg-white p-8 text-center text-gray-700">
        请先
        <button type="button" className="mx-1 text-brand-700 underline" onClick={() => openLogin(1)}>
          登录
        </button>
        后评估您参加过的培训。
      </p>
    );
  if (list.isPending) return <p aria-busy="true">加载中…</p>;
  if (list.isError)
    return <LoadFailed what="可评估的培训项目" onRetry={list.refetch} retrying={list.isFetching} className="py-6" />;
  const all = (
    <Link href="/assess" prefetch={false} className="text-brand-700 underline">
      查看全部可评估的培训项目
    </Link>
  );
  const items = asked == null ? list.data : list.data.filter((i) => i.trainId === asked);
  if (asked != null && items.length === 0)
    return (
      <p role="status" className="rounded bg-white p-8 text-center text-gray-700">
        该培训项目暂不能评估：只能评估您参加过且已开始的培训项目。{list.data.length > 0 && all}
      </p>
    );
  if (items.length === 0) return <p className="rounded bg-white p-8 text-center text-gray-700">暂无可评估的培训项目</p>;
  return (
    <>
      <ul className="space-y-4">
        {items.map((item) => (
          <li key={item.trainId}>
            <AssessForm item={item} />
          </li>
        ))}
      </ul>
      {asked != null && list.data.length > 1 && <p>{all}</p>}
    </>
  );
}

function AssessForm({ item }: { item: AssessItem }) {
  const id = useId();
  const qc = useQueryClient();
  const [scores, setScores] = useState(item.scores ?? { content: 0, teacher: 0, organisation: 0 });
  const [comment, setComment] = useState(item.comment);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: () => call(api, '/api/assess/save', { trainId: item.trainId, scores, comment }),
    onSuccess: () => {
      toast('info', '评估已提交');
      void qc.invalidateQueries({ queryKey: ['/api/assess/list'] });
    },
  });
  return (
    <form
      className="rounded-lg bg-white p-5 shadow-sm"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        if (ASPECTS.some(([k]) => !scores[k])) return setError('请为每一项评分');
        setError('');
        save.mutate();
      }}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-h`} className="text-lg font-semibold">
          {item.title}
        </h2>
        <span className="text-sm text-gray-600">
          {TRAIN_TYPES.find((t) => t.code === item.type)?.name} · {formatDate(item.startAt)} 至 {formatDate(item.endAt)}
          {item.assessed && <span className="ml-2 rounded bg-green-100 px-2 text-green-800">已评估</span>}
        </span>
      </div>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {ASPECTS.map(([key, label]) => (
          <fieldset key={key}>
            <legend className="text-sm font-medium">{label}</legend>
            <div className="mt-1 flex gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-1 text-sm">
                  <input
                    type="radio"
                    name={`${id}-${key}`}
                    value={n}
                    checked={scores[key] === n}
                    onChange={() => setScores({ ...scores, [key]: n })}
                  />
                  {n}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      <label htmlFor={`${id}-c`} className="mt-3 block text-sm font-medium">
        意见建议
      </label>
      <textarea
        id={`${id}-c`}
        rows={2}
        maxLength={500}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className="mt-1 w-full rounded border border-gray-300 p-2"
      />
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={save.isPending}
        className="mt-2 rounded bg-brand-700 px-5 py-2 text-white aria-disabled:opacity-60"
      >
        {item.assessed ? '修改评估' : '提交评估'}
      </BusyButton>
    </form>
  );
}
