'use client';

/**
 * Writing a notice: 标题, 内容 (rich text as HTML, or plain paragraphs; sanitised by the server as the public page
 * does), 置顶, the sites; 预览 shows it as the notice page would, 保存 keeps it (a draft stays a draft), 发布 publishes
 * it after the 提示 prompt.
 */
import { useId, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { NoticeAdminDetail } from '@/lib/contract/review';
import { AUDIENCE_CHOICES, type Audience } from '@/lib/contract/audiences';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { BusyButton } from '@/components/ui/BusyButton';
import { toast } from '@/components/ui/Toaster';
import { NoticePreview } from './NoticePreview';
import { RichTextEditor } from '@/components/ui/RichTextEditor';

const field = 'mt-1 block w-full rounded border border-gray-300 px-2 py-1.5 text-sm';

export function NoticeEditor({
  notice,
  onDone,
  onCancel,
}: {
  notice: NoticeAdminDetail | null;
  onDone: (saved: NoticeAdminDetail) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [isTop, setIsTop] = useState(notice?.isTop ?? false);
  const [audiences, setAudiences] = useState<Audience[]>((notice?.audiences as Audience[]) ?? ['general']);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'save' | 'publish' | 'preview' | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [confirm, dialog] = useConfirm();

  function check(): boolean {
    if (!title.trim()) setError('请填写公告标题');
    else if (audiences.length === 0) setError('请选择发布站点');
    else {
      setError('');
      return true;
    }
    return false;
  }

  async function save(publish: boolean) {
    if (!check()) return;
    if (publish && !(await confirm(`确定发布公告“${title.trim()}”吗？发布后将立即显示在通知公告列表和首页。`))) return;
    setBusy(publish ? 'publish' : 'save');
    try {
      const saved = await call(api, '/api/manage/noticeWrite', {
        ...(notice ? { id: notice.id } : {}),
        title: title.trim(),
        body,
        isTop,
        audiences,
        publish,
      });
      toast('info', publish ? '公告已发布' : '公告已保存');
      onDone(saved);
    } catch (err) {
      setError(failureText(err, '保存失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  }

  async function showPreview() {
    if (!check()) return;
    setBusy('preview');
    try {
      setPreview((await call(api, '/api/manage/noticePreview', { body })).bodyHtml);
    } catch (err) {
      setError(failureText(err, '预览失败，请稍后重试'));
    } finally {
      setBusy(null);
    }
  }

  const published = notice?.status === 'published';
  return (
    <div className="space-y-4">
      <form
        aria-labelledby={`${id}-title`}
        className="space-y-3 rounded-lg bg-white p-4 shadow-sm"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {notice ? '编辑公告' : '新建公告'}
        </h2>
        <label className="block text-sm text-gray-700">
          公告标题
          <input
            className={field}
            value={title}
            maxLength={200}
            aria-invalid={error === '请填写公告标题' || undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        <RichTextEditor
          label="公告内容"
          value={body}
          onChange={setBody}
          hint="用工具栏设置格式，或在“HTML源码”中粘贴段落、标题、列表、表格、链接和本站图片；脚本、样式和站外图片会被过滤。"
        />
        <fieldset className="text-sm text-gray-700">
          <legend>发布站点</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {AUDIENCE_CHOICES.map(([a, name]) => (
              <label key={a} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  checked={audiences.includes(a)}
                  onChange={(e) =>
                    setAudiences(e.target.checked ? [...audiences, a] : audiences.filter((x) => x !== a))
                  }
                />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-1.5 text-sm text-gray-700">
          <input type="checkbox" checked={isTop} onChange={(e) => setIsTop(e.target.checked)} />
          置顶
        </label>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <BusyButton
            busy={busy === 'preview'}
            onClick={() => void showPreview()}
            className="rounded border border-brand-600 px-4 py-1.5 text-sm text-brand-700 hover:bg-brand-50"
          >
            预览
          </BusyButton>
          <BusyButton
            type="submit"
            busy={busy === 'save'}
            className="rounded border border-gray-300 px-4 py-1.5 text-sm text-gray-800 hover:bg-gray-50"
          >
            {published ? '保存修改' : '保存草稿'}
          </BusyButton>
          {!published && (
            <BusyButton
              busy={busy === 'publish'}
              onClick={() => void save(true)}
              className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800 aria-disabled:opacity-60"
            >
              发布
            </BusyButton>
          )}
          <button
            type="button"
            onClick={onCancel}
            className="rounded px-4 py-1.5 text-sm text-gray-700 hover:bg-gray-100"
          >
            取消
          </button>
        </div>
      </form>
      {preview !== null && (
        <NoticePreview
          title={title.trim()}
          bodyHtml={preview}
          publishedAt={notice?.publishedAt ?? null}
          onClose={() => setPreview(null)}
        />
      )}
      {dialog}
    </div>
  );
}
