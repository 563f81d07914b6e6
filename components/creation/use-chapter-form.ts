'use client';
/** The new chapter's name and uploaded file, the message about either, and 保存章节, which checks them first. */
import { useRef, useState } from 'react';
import type { UploadedFile } from '@/lib/contract/spaces';
import { useSaveChapter } from './use-creation-actions';

export function useChapterForm(courseId: number, onChange: () => void) {
  const [title, setTitleState] = useState('');
  const [file, setFile] = useState<{ file: UploadedFile; duration: number } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<{ field: 'title' | 'file'; text: string } | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  /** A new key empties the uploader once a chapter is saved. */
  const [uploaderKey, setUploaderKey] = useState(0);
  const addChapter = useSaveChapter(courseId, () => {
    setTitleState('');
    setFile(null);
    setError(null);
    setUploaderKey((k) => k + 1);
    onChange();
  });

  const setTitle = (value: string) => {
    setTitleState(value);
    // The name asked for is given: the message about it no longer holds.
    if (value.trim()) setError((err) => (err?.field === 'title' ? null : err));
  };
  const uploaded = (f: UploadedFile, duration: number) => setFile({ file: f, duration });
  const busyChange = (busy: boolean) => {
    setUploading(busy);
    // A new file replaces the one uploaded before; the message about the file no longer holds.
    if (busy) {
      setFile(null);
      setError((e) => (e?.field === 'file' ? null : e));
    }
  };
  const save = () => {
    if (!title.trim()) {
      setError({ field: 'title', text: '请填写章节名称' });
      return titleRef.current?.focus();
    }
    if (!file) return setError({ field: 'file', text: '请先选择并上传章节文件' });
    setError(null);
    addChapter.mutate({ title, file });
  };

  return {
    title,
    setTitle,
    titleRef,
    error,
    uploading,
    uploaderKey,
    uploaded,
    busyChange,
    save,
    saving: addChapter.isPending,
  };
}
