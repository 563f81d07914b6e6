'use client';

/**
 * The upload of 用户导入 (issue 25): one XMLHttpRequest, because it reports both the upload's progress and the
 * answer as it streams in. The answer is NDJSON (lib/contract/user-import.ts): progress lines, then the envelope.
 */
import { useCallback, useRef, useState } from 'react';
import { apiBaseUrl, browserHeaders } from '@/lib/api/browser';
import {
  IMPORT_MAX_BYTES,
  IMPORT_UPLOAD_PATH,
  type ImportPhase,
  type ImportResult,
  type ImportRefusal,
  type ImportRowError,
} from '@/lib/contract/user-import';

export type ImportState =
  | { stage: 'idle' }
  | { stage: 'busy'; fileName: string; phase: 'upload' | ImportPhase; percent: number }
  | { stage: 'refused'; fileName: string; message: string; errors: ImportRowError[] }
  | { stage: 'done'; fileName: string; message: string; result: ImportResult }
  | { stage: 'failed'; message: string };

export const PHASE_LABEL: Record<'upload' | ImportPhase, string> = {
  upload: '正在上传文件',
  parse: '正在读取文件',
  validate: '正在校验数据',
  import: '正在导入用户',
};

/** Share of the bar each step fills: upload, read, check, import. */
const SPAN: Record<'upload' | ImportPhase, [number, number]> = {
  upload: [0, 30],
  parse: [30, 40],
  validate: [40, 60],
  import: [60, 100],
};
const percentOf = (phase: 'upload' | ImportPhase, done: number, total: number) => {
  const [from, to] = SPAN[phase];
  return Math.round(from + (total > 0 ? Math.min(1, done / total) : 0) * (to - from));
};

export function checkChosenFile(file: File): string | null {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return '请选择xlsx或csv文件';
  if (file.size > IMPORT_MAX_BYTES) return `文件过大，不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`;
  if (file.size === 0) return '文件是空的';
  return null;
}

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export function useUserImport() {
  const [state, setState] = useState<ImportState>({ stage: 'idle' });
  const xhrRef = useRef<XMLHttpRequest | null>(null);

  const start = useCallback((file: File) => {
    const wrong = checkChosenFile(file);
    if (wrong) return setState({ stage: 'failed', message: wrong });
    const fileName = file.name;
    setState({ stage: 'busy', fileName, phase: 'upload', percent: 0 });
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    let seen = 0;
    let last: Envelope | null = null;
    const readLines = () => {
      const text = xhr.responseText;
      const end = text.lastIndexOf('\n');
      if (end < seen) return;
      for (const line of text.slice(seen, end).split('\n')) {
        if (!line.trim()) continue;
        let v: Record<string, unknown>;
        try {
          v = JSON.parse(line) as Record<string, unknown>;
        } catch {
          continue;
        }
        if ('code' in v) last = v as unknown as Envelope;
        else if (typeof v.phase === 'string') {
          const phase = v.phase as ImportPhase;
          setState({ stage: 'busy', fileName, phase, percent: percentOf(phase, Number(v.done), Number(v.total)) });
        }
      }
      seen = end + 1;
    };
    xhr.upload.onprogress = (e) =>
      e.lengthComputable &&
      setState({ stage: 'busy', fileName, phase: 'upload', percent: percentOf('upload', e.loaded, e.total) });
    xhr.onprogress = readLines;
    xhr.onload = () => {
      const text = xhr.responseText;
      if (!text.endsWith('\n')) {
        try {
          last = JSON.parse(text) as Envelope;
        } catch {
          /* read as lines below */
        }
      }
      if (!last) readLines();
      const env = last as Envelope | null;
      if (!env) return setState({ stage: 'failed', message: '导入失败，请重试' });
      if (env.code === 0) setState({ stage: 'done', fileName, message: env.msg, result: env.data as ImportResult });
      else if (env.data && Array.isArray((env.data as ImportRefusal).errors))
        setState({ stage: 'refused', fileName, message: env.msg, errors: (env.data as ImportRefusal).errors });
      else setState({ stage: 'failed', message: env.msg || '导入失败，请重试' });
    };
    xhr.onerror = () => setState({ stage: 'failed', message: '网络错误，请检查网络后重试' });
    xhr.open('POST', `${apiBaseUrl()}${IMPORT_UPLOAD_PATH}`);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(browserHeaders())) xhr.setRequestHeader(k, v);
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  }, []);

  const reset = useCallback(() => {
    xhrRef.current?.abort();
    setState({ stage: 'idle' });
  }, []);

  return { state, start, reset };
}
