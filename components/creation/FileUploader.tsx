'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, TransportError } from '@/lib/api/core';
import { apiQuery } from '@/lib/api/query';
import type { UploadedFile } from '@/lib/contract/spaces';
import { formatBytes } from '@/lib/format';
import { uploadLimitText, uploadRefusal, UPLOAD_EXTS } from '@/lib/validation/spaces';
import { uploadCourseFile } from './upload-client';
import { QUOTA_KEY } from './UploadQuotaMeter';

/** The server's own list and limit (lib/validation/spaces), for the picker and the label. */
const ACCEPT = UPLOAD_EXTS.courseware.map((e) => `.${e}`).join(',');
// Joined with 、 (a line may break after it): one long A/B/C run did not wrap and widened the page on a phone.
export const FILE_LABEL = `选择课程文件（支持${UPLOAD_EXTS.courseware.map((e) => e.toUpperCase()).join('、')}，不超过${uploadLimitText('courseware')}）`;
export const MSG_UPLOAD_PAUSED = '网络连接异常，上传已暂停。网络恢复后将自动继续，也可点击“继续上传”';
/** 继续上传 clicked while the browser is still offline. */
export const MSG_STILL_OFFLINE = '当前网络未连接，请检查网络后再试';

function Bar({ label, value, max, text }: { label: string; value: number; max: number; text: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div className="text-sm">
      <div className="mb-1 flex justify-between text-gray-700">
        <span>{label}</span>
        <span>{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="h-2 overflow-hidden rounded bg-gray-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * Chooses a course file and uploads it: hashing and uploading each with its own progress bar; resumes. An upload
 * in progress, or paused, can be cancelled; one interrupted by the network (or paused at once when the browser goes
 * offline) resumes when the browser is back online, or by 继续上传. onBusyChange tells the form whether an upload is running.
 */
export function FileUploader({
  onUploaded,
  onBusyChange,
}: {
  onUploaded: (file: UploadedFile, durationSeconds: number) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [hash, setHash] = useState({ done: 0, total: 0 });
  const [sent, setSent] = useState({ bytes: 0, total: 0 });
  const [status, setStatus] = useState<'idle' | 'hashing' | 'uploading' | 'done' | 'error'>('idle');
  const [note, setNote] = useState('');
  /** The failure was not a refusal by the server: the same file may go on from where it stopped. */
  const [resumable, setResumable] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const pending = useQuery(apiQuery('/api/resourceFile/pending'));
  const qc = useQueryClient();
  // The creation centre's 已用/共 figures change with every upload that ends, however it ends.
  const quotaChanged = () => void qc.invalidateQueries({ queryKey: [QUOTA_KEY] });

  const running = status === 'hashing' || status === 'uploading';
  const busyChange = useRef(onBusyChange);
  useEffect(() => {
    busyChange.current = onBusyChange;
  });
  useEffect(() => busyChange.current?.(running), [running]);
  // Stops sending when the form goes away (a saved chapter, another page).
  useEffect(() => () => abort.current?.abort(), []);
  // Leaving the page (reload, close, another address) during an upload asks first: the browser's own question.
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  /** Uploads f; resume: the same file again after an interruption (the progress call says where to go on). */
  const start = async (f: File, resume = false) => {
    abort.current?.abort();
    // Refused by name and size at once, before a large file is hashed for nothing.
    const refusal = uploadRefusal('courseware', f.name, f.size);
    if (refusal) {
      setFile(null);
      setStatus('error');
      setNote(refusal);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setFile(f);
    if (!resume) {
      setHash({ done: 0, total: 0 });
      setSent({ bytes: 0, total: f.size });
    }
    setNote('');
    setResumable(false);
    setStatus('hashing');
    const duration = f.type.startsWith('video/') || f.type.startsWith('audio/') ? mediaDuration(f) : Promise.resolve(0);
    try {
      const uploaded = await uploadCourseFile(
        f,
        {
          onHash: (done, total) => setHash({ done, total }),
          onUpload: (bytes, total) => {
            setStatus('uploading');
            setSent({ bytes, total });
          },
          onResume: (next, count) => setNote(`断点续传：已上传 ${next}/${count} 个分片，从第 ${next + 1} 个分片继续`),
          onInstant: () => setNote('秒传：服务器已有该文件，上传完成'),
        },
        ctrl.signal,
      );
      setStatus('done');
      void pending.refetch();
      quotaChanged();
      onUploaded(uploaded, Math.round(await duration));
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') return;
      setStatus('error');
      quotaChanged();
      const refused = err instanceof ApiError;
      const network = (err instanceof TransportError && err.kind === 'network') || !navigator.onLine;
      setResumable(!refused);
      setNote(
        refused
          ? err.message
          : network
            ? MSG_UPLOAD_PAUSED
            : `${err instanceof Error ? err.message : '上传中断'}，可点击“继续上传”重试`,
      );
    }
  };

  const cancel = () => {
    abort.current?.abort();
    abort.current = null;
    if (input.current) input.current.value = '';
    setFile(null);
    setHash({ done: 0, total: 0 });
    setSent({ bytes: 0, total: 0 });
    setStatus('idle');
    setNote('已取消上传');
    // The button goes away: the keyboard stays on the file chooser rather than falling to the page.
    input.current?.focus();
    void pending.refetch();
  };

  // The browser went offline during an upload: pause at once (the chunk in flight is aborted) rather than wait for it to fail.
  const uploading = status === 'uploading';
  useEffect(() => {
    if (!uploading) return;
    const offline = () => {
      abort.current?.abort();
      abort.current = null;
      setStatus('error');
      setResumable(true);
      setNote(MSG_UPLOAD_PAUSED);
    };
    window.addEventListener('offline', offline);
    return () => window.removeEventListener('offline', offline);
  }, [uploading]);

  // Back online after an interruption: go on by itself from the first chunk the server lacks.
  const interrupted = status === 'error' && resumable && file ? file : null;
  const resume = useRef(start);
  useEffect(() => {
    resume.current = start;
  });
  useEffect(() => {
    if (!interrupted) return;
    const online = () => void resume.current(interrupted, true);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [interrupted]);

  return (
    <div className="space-y-3 rounded border border-dashed border-gray-300 p-4">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
          {FILE_LABEL}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept={ACCEPT}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void start(f);
          }}
          className="block w-full text-sm"
        />
      </div>
      {pending.data && pending.data.length > 0 && status === 'idle' && (
        <div className="rounded bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <p className="font-medium">有未完成的上传，重新选择同一文件即可继续：</p>
          <ul className="mt-1 list-disc pl-5">
            {pending.data.map((p) => (
              <li key={p.md5} className="wrap-anywhere">
                {p.fileName}（{formatBytes(p.size)}，已上传 {p.received}/{p.chunkCount} 个分片）
              </li>
            ))}
          </ul>
        </div>
      )}
      {file && (
        <div className="space-y-2">
          <p className="text-sm text-gray-700 wrap-anywhere">
            {file.name}（{formatBytes(file.size)}）
          </p>
          <Bar
            label="计算文件MD5"
            value={hash.done}
            max={hash.total || 1}
            text={hash.total ? `${hash.done}/${hash.total}` : '准备中'}
          />
          <Bar
            label="上传进度"
            value={sent.bytes}
            max={sent.total || 1}
            text={`${formatBytes(sent.bytes)} / ${formatBytes(sent.total)}`}
          />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p
          role="status"
          aria-live="polite"
          className={`text-sm ${status === 'error' ? 'text-red-700' : 'text-brand-800'}`}
        >
          {note}
          {status === 'done' && !note.startsWith('秒传') ? (note ? '；上传完成' : '上传完成') : ''}
        </p>
        {interrupted && (
          <button
            type="button"
            onClick={() =>
              navigator.onLine ? void start(interrupted, true) : setNote(`${MSG_STILL_OFFLINE}。${MSG_UPLOAD_PAUSED}`)
            }
            className="rounded bg-brand-700 px-3 py-1 text-sm text-white hover:bg-brand-800"
          >
            继续上传
          </button>
        )}
        {(running || interrupted) && (
          <button
            type="button"
            onClick={cancel}
            className="rounded border border-gray-300 px-3 py-1 text-sm text-gray-800 hover:bg-gray-50"
          >
            取消上传
          </button>
        )}
      </div>
    </div>
  );
}

/** The length of a video or audio file, read by the browser from its metadata; 0 when it cannot tell. */
function mediaDuration(file: File): Promise<number> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const el = document.createElement(file.type.startsWith('audio/') ? 'audio' : 'video');
    const done = (v: number) => {
      URL.revokeObjectURL(url);
      resolve(Number.isFinite(v) ? v : 0);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => done(el.duration);
    el.onerror = () => done(0);
    setTimeout(() => done(0), 10_000);
    el.src = url;
  });
}
