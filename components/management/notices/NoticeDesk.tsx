'use client';

/**
 * 通知公告发布 (issue 25, power "notice-publish" over the whole institution): every notice by status (已发布, 草稿,
 * 已撤回), 新建公告, and per notice 编辑, 预览, 发布 / 撤回 (after the 提示 prompt) and 置顶 / 取消置顶. The public
 * notice list and the home module show each change at their next request (the server revalidates them).
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQuery, apiQueryKey } from '@/lib/api/query';
import { api } from '@/lib/api/browser';
import { ApiError, call, failureText } from '@/lib/api/core';
import {
  NOTICE_STATUS_NAMES,
  NOTICE_STATUSES,
  type NoticeAction,
  type NoticeAdminDetail,
  type NoticeStatus,
} from '@/lib/contract/review';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { toast } from '@/components/ui/Toaster';
import { Pager } from '../review/Pager';
import { NoticeEditor } from './NoticeEditor';
import { NoticePreview } from './NoticePreview';
import { NoticeTable } from './NoticeTable';

const PAGE_SIZE = 10;
const ACTION_DONE: Record<NoticeAction, string> = {
  publish: '公告已发布',
  withdraw: '公告已撤回',
  pin: '公告已置顶',
  unpin: '已取消置顶',
};

type Mode =
  | { kind: 'list' }
  | { kind: 'edit'; notice: NoticeAdminDetail | null }
  | { kind: 'preview'; notice: NoticeAdminDetail };

export function NoticeDesk() {
  const [status, setStatus] = useState<NoticeStatus | undefined>(undefined);
  const [pageNum, setPageNum] = useState(1);
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [confirm, dialog] = useConfirm();
  const client = useQueryClient();
  const list = useQuery(apiQuery('/api/manage/notices', { pageNum, pageSize: PAGE_SIZE, status }));
  const refresh = () => client.invalidateQueries({ queryKey: apiQueryKey('/api/manage/notices').slice(0, 1) });

  async function open(id: number, kind: 'edit' | 'preview') {
    try {
      const notice = await call(api, '/api/manage/notice', { id });
      setMode({ kind, notice });
    } catch (err) {
      toast('error', failureText(err, '公告加载失败，请稍后重试'));
    }
  }

  async function act(id: number, title: string, action: NoticeAction) {
    if (action === 'publish' && !(await confirm(`确定发布公告“${title}”吗？发布后将立即显示在通知公告列表和首页。`)))
      return;
    if (action === 'withdraw' && !(await confirm(`确定撤回公告“${title}”吗？撤回后公众将看不到该公告。`))) return;
    try {
      await call(api, '/api/manage/noticeAction', { id, action });
      toast('info', ACTION_DONE[action]);
    } catch (err) {
      toast('error', failureText(err, '操作失败，请稍后重试'));
    }
    void refresh();
  }

  if (list.error instanceof ApiError && list.error.code === 1003)
    return (
      <p role="alert" className="mt-6 rounded-lg bg-white py-16 text-center text-gray-700">
        {list.error.message}：通知公告面向全院发布，仅对全院范围内有“通知公告发布”权限的管理员开放。
      </p>
    );
  if (mode.kind === 'edit')
    return (
      <div className="mt-4">
        <NoticeEditor
          notice={mode.notice}
          onCancel={() => setMode({ kind: 'list' })}
          onDone={() => {
            setMode({ kind: 'list' });
            void refresh();
          }}
        />
      </div>
    );
  const data = list.data;
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="按状态筛选" className="flex flex-wrap gap-1">
          {[undefined, ...NOTICE_STATUSES].map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={status === s}
              onClick={() => {
                setStatus(s);
                setPageNum(1);
              }}
              className={`rounded px-3 py-1 text-sm ${status === s ? 'bg-brand-600 text-white' : 'bg-white text-gray-700 hover:bg-gray-100'}`}
            >
              {s ? NOTICE_STATUS_NAMES[s] : '全部'}
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setMode({ kind: 'edit', notice: null })}
          className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800"
        >
          新建公告
        </button>
      </div>
      {mode.kind === 'preview' && (
        <NoticePreview
          title={mode.notice.title}
          bodyHtml={mode.notice.bodyHtml}
          publishedAt={mode.notice.publishedAt}
          onClose={() => setMode({ kind: 'list' })}
        />
      )}
      {list.isError ? (
        <LoadFailed what="公告列表" onRetry={() => list.refetch()} retrying={list.isFetching} />
      ) : !data ? (
        <div className="h-60 animate-pulse rounded-lg bg-gray-100" aria-busy="true" aria-label="公告列表加载中" />
      ) : data.list.length === 0 ? (
        <EmptyState>暂无公告</EmptyState>
      ) : (
        <NoticeTable
          rows={data.list}
          onEdit={(id) => void open(id, 'edit')}
          onPreview={(id) => void open(id, 'preview')}
          onAction={(id, title, action) => void act(id, title, action)}
        />
      )}
      {data && <Pager label="公告分页" pageNum={pageNum} pageSize={PAGE_SIZE} total={data.total} onPage={setPageNum} />}
      {dialog}
    </div>
  );
}
