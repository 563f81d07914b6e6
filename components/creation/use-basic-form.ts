'use client';
/** The basic-information form's values, its messages by field and the cover upload; 保存 checks them first. */
import { useEffect, useRef, useState } from 'react';
import type { CreationCourse, UploadedFile } from '@/lib/contract/spaces';
import { basicSchema } from '@/lib/validation/spaces';
import { uploadSmallFile } from './upload-client';
import { useSaveBasic, type BasicFields } from './use-creation-actions';

export function useBasicForm(course: CreationCourse | null, onSaved: (courseId: number) => void) {
  const [form, setForm] = useState<BasicFields>({
    title: course?.title ?? '',
    categoryCode: course?.categoryCode ?? 0,
    cover: course?.cover ?? '',
    summary: course?.summary ?? '',
    audiences: (course?.audiences as BasicFields['audiences']) ?? ['general'],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [coverBusy, setCoverBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused 保存: the keyboard goes to the first invalid field, once its message is there to describe it.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const save = useSaveBasic(course?.courseId, onSaved);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = basicSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    save.mutate(form);
  };
  const uploadCover = async (f: File) => {
    setCoverBusy(true);
    try {
      const up: UploadedFile = await uploadSmallFile('/api/resourceFile/uploadFile', f);
      setForm((s) => ({ ...s, cover: up.url }));
      setErrors((x) => ({ ...x, cover: '' }));
    } catch (ex) {
      setErrors((x) => ({ ...x, cover: ex instanceof Error ? ex.message : '上传失败' }));
    } finally {
      setCoverBusy(false);
    }
  };
  return { form, setForm, errors, coverBusy, uploadCover, formRef, submit, saving: save.isPending };
}
