'use client';

import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import { apiQuery } from '@/lib/api/query';
import { type SpaceKind } from '@/lib/contract/spaces';
import { commentListBody } from '@/lib/spaces/links';
import { formatDateTime } from '@/lib/format';
import { openMessageBox } from '@/lib/ui/events';
import { toast } from '@/components/ui/Toaster';
import { useLoggedIn } from '@/lib/session/client';
import { BusyButton } from '@/components/ui/BusyButton';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { RemoveButton } from '@/components/ui/RemoveButton';
import { call } from '@/lib/api/core';

const MAX = 500;

/** Comments of a space: the first page comes with the page; plain text, stored as typed and always escaped on output. */
export function Comments({ spaceRef }: { spaceRef: { kind: SpaceKind; id: number } }) {
  const loggedIn = useLoggedIn();
  const qc = useQueryClient();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [confirm, dialog] = useConfirm();
  // The first page comes with the cached page (a visitor's view); a signed-in viewer asks again, since
  // whether they may delete a comment depends on who they are.
  const body = loggedIn ? { ...commentListBody(spaceRef), viewer: 1 } : commentListBody(spaceRef);
  const list = useQuery(apiQuery('/api/comment/list', body));
  const refresh = () => qc.invalidateQueries({ queryKey: ['/api/comment/list'] });
  const save = useMutation({
    mutationFn: (content: string) => call(api, '/api/comment/save', { ...spaceRef, content }),
    onSuccess: () => {
      setText('');
      toast('info', '评论成功');
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api, '/api/comment/remove', { id }),
    onSuccess: () => void refresh(),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!loggedIn) return openMessageBox(1);
    const content = text.trim();
    if (!content) return setError('请输入评论内容');
    if ([...content].length > MAX) return setError(`评论内容不能超过${MAX}字`);
    setError('');
    save.mutate(content);
  };

  return (
    <section aria-labelledby="space-comments" className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id="space-comments" tabIndex={-1} className="module-title mb-4 focus:outline-none">
        评论{list.data ? `（${list.data.total}）` : ''}
      </h2>
      <form onSubmit={submit} className="mb-5" noValidate>
        <label htmlFor={fieldId} className="mb-1 block text-sm text-gray-700">
          发表评论
        </label>
        <textarea
          id={fieldId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={3}
          maxLength={MAX + 50}
          placeholder={loggedIn ? '说说你的看法…' : '登录后发表评论'}
          aria-invalid={!!error}
          aria-describedby={error ? `${fieldId}-err` : undefined}
          className="w-full rounded border border-gray-300 p-2 focus:border-brand-600"
        />
        <div className="mt-2 flex items-center justify-between">
          <span id={`${fieldId}-err`} role={error ? 'alert' : undefined} className="text-sm text-red-700">
            {error}
          </span>
          <span className="flex items-center gap-3">
            <span className="text-sm text-gray-500">
              {[...text].length}/{MAX}
            </span>
            <BusyButton
              type="submit"
              busy={save.isPending}
              className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800 aria-disabled:opacity-60"
            >
              发表
            </BusyButton>
          </span>
        </div>
      </form>
      {list.isPending ? (
        <p aria-busy="true" className="text-gray-600">
          评论加载中…
        </p>
      ) : list.isError ? (
        <p role="alert" className="text-gray-600">
          评论暂时无法加载，请稍后重试。
        </p>
      ) : list.data.list.length === 0 ? (
        <p className="py-4 text-center text-gray-600">暂无评论，快来发表第一条评论吧</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="评论列表">
          {list.data.list.map((c) => (
            <li key={c.id} className="py-3">
              <div className="flex items-center justify-between text-sm text-gray-600">
                <span>
                  <span className="font-medium text-gray-900">{c.author.name}</span>
                  {c.author.subtitle && <span className="ml-2">{c.author.subtitle}</span>}
                </span>
                <span className="flex items-center gap-3">
                  <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
                  {c.canRemove && (
                    <RemoveButton
                      what="这条评论"
                      ask={() => confirm('确定删除这条评论吗？删除后不可恢复。')}
                      remove={() => remove.mutate(c.id)}
                      fallback={() => document.getElementById('space-comments')}
                    />
                  )}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-gray-800">{c.content}</p>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
