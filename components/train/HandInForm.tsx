'use client';

import { useId, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import type { Submission, SubmissionFile } from '@/lib/contract/assignments';
import type { UploadedFile } from '@/lib/contract/spaces';
import { formatBytes } from '@/lib/format';
import { ASSIGNMENT_CONTENT_MAX, ASSIGNMENT_FILES_MAX } from '@/lib/validation/assignments';
import { UPLOAD_EXTS, uploadLimitText, uploadRefusal } from '@/lib/validation/spaces';
import { postMultipart } from '@/components/creation/upload-client';
import { BusyButton } from '@/components/ui/BusyButton';

type Attached = Pick<SubmissionFile, 'fileId' | 'name' | 'size'>;
interface Sending {
  name: string;
  sent: number;
  total: number;
}

/**
 * The hand-in of one assignment: text and files. Each file goes up as soon as it is chosen, through the existing
 * uploadResFile call (documents and images, its size limit and the user's quota), with a progress bar; the hand-in
 * then names the uploaded files. A replacement starts from the current hand-in.
 */
export function HandInForm({
  assignmentId,
  title,
  current,
  onDone,
}: {
  assignmentId: number;
  title: string;
  current: Submission | null;
  onDone: (s: Submission) => void;
}) {
  const id = useId();
  const [content, setContent] = useState(current?.content ?? '');
  const [files, setFiles] = useState<Attached[]>(current?.files ?? []);
  const [sending, setSending] = useState<Sending | null>(null);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const addFiles = async (list: FileList | null) => {
    setError('');
    for (const f of Array.from(list ?? [])) {
      if (files.length >= ASSIGNMENT_FILES_MAX) return setError(`附件不能超过${ASSIGNMENT_FILES_MAX}个`);
      const refusal = uploadRefusal('res', f.name, f.size);
      if (refusal) return setError(`${f.name}：${refusal}`);
      setSending({ name: f.name, sent: 0, total: f.size });
      try {
        const form = new FormData();
        form.append('fileName', f.name);
        form.append('file', f, f.name);
        const env = await postMultipart('/api/resourceFile/uploadResFile', form, (sent) =>
          setSending({ name: f.name, sent: Math.min(sent, f.size), total: f.size }),
        );
        if (env.code !== 0) return setError(`${f.name}：${env.msg}`);
        const up = env.data as UploadedFile;
        setFiles((xs) => (xs.some((x) => x.fileId === up.fileId) ? xs : [...xs, { ...up, name: f.name }]));
      } catch (err) {
        return setError(`${f.name}：${failureText(err, '上传失败，请重试')}`);
      } finally {
        setSending(null);
      }
    }
  };

  const submit = async () => {
    setError('');
    if (!content.trim() && files.length === 0) return setError('请填写作业内容或上传附件');
    setSaving(true);
    try {
      const s = await call(
        api,
        '/api/train/submitAssignment',
        { assignmentId, content, fileIds: files.map((f) => f.fileId) },
        { shownInline: true },
      );
      onDone(s);
    } catch (err) {
      setError(failureText(err, '提交失败，请稍后重试'));
    } finally {
      setSaving(false);
    }
  };

  const pct = sending && sending.total > 0 ? Math.round((sending.sent / sending.total) * 100) : 0;
  return (
    <form
      className="mt-3 space-y-3 rounded border border-gray-200 bg-gray-50 p-4"
      aria-label={`提交作业：${title}`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div>
        <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-gray-800">
          作业内容
        </label>
        <textarea
          id={`${id}-text`}
          value={content}
          maxLength={ASSIGNMENT_CONTENT_MAX}
          onChange={(e) => setContent(e.target.value)}
          rows={6}
          className="w-full rounded border border-gray-300 p-2 text-sm"
        />
      </div>
      <div>
        <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-gray-800">
          附件（最多{ASSIGNMENT_FILES_MAX}个，每个不超过{uploadLimitText('res')}，支持{UPLOAD_EXTS.res.join('、')}）
        </label>
        <input
          id={`${id}-file`}
          type="file"
          multiple
          accept={UPLOAD_EXTS.res.map((e) => `.${e}`).join(',')}
          disabled={!!sending}
          onChange={(e) => {
            void addFiles(e.target.files);
            e.target.value = '';
          }}
          className="block w-full text-sm file:mr-3 file:rounded file:border file:border-brand-600 file:bg-white file:px-3 file:py-1 file:text-brand-700"
        />
        {sending && (
          <div className="mt-2 text-sm text-gray-700">
            <span>正在上传 {sending.name}</span>
            <progress
              className="ml-2 h-2 w-48 align-middle"
              max={100}
              value={pct}
              aria-label={`${sending.name}上传进度`}
            />{' '}
            {pct}%
          </div>
        )}
        {files.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm" aria-label="已添加的附件">
            {files.map((f) => (
              <li key={f.fileId} className="flex items-center gap-2">
                <span>{f.name}</span>
                <span className="text-gray-500">{formatBytes(f.size)}</span>
                <button
                  type="button"
                  className="text-red-700 underline"
                  onClick={() => setFiles((xs) => xs.filter((x) => x.fileId !== f.fileId))}
                >
                  移除<span className="sr-only">{f.name}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={saving}
        inactive={!!sending}
        className="rounded bg-brand-700 px-5 py-2 text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        {current ? '重新提交' : '提交作业'}
      </BusyButton>
    </form>
  );
}
