'use client';
/** What the creation centre sends: courses removed, basic information saved, chapters saved and removed, review asked for. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/browser';
import type { UploadedFile } from '@/lib/contract/spaces';
import { toast } from '@/components/ui/Toaster';
import { call } from '@/lib/api/core';

/** A course's basic information, as the form holds it and updateBasic takes it. */
export type BasicFields = {
  title: string;
  categoryCode: number;
  cover: string;
  summary: string;
  audiences: ('general' | 'party' | 'student')[];
};

export function useRemoveCourse() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (courseId: number) => call(api, '/api/resourceFile/removeCourse', { courseId }),
    onSuccess: () => {
      toast('info', '课程已删除');
      void qc.invalidateQueries({ queryKey: ['/api/resourceFile/myCourses'] });
    },
  });
}

/** courseId undefined: a new course, whose id the answer gives. */
export function useSaveBasic(courseId: number | undefined, onSaved: (courseId: number) => void) {
  return useMutation({
    mutationFn: (b: BasicFields) => call(api, '/api/resourceFile/updateBasic', { ...b, courseId }),
    onSuccess: (r) => {
      toast('info', '基本信息已保存');
      onSaved(r.courseId);
    },
  });
}

export interface NewChapter {
  title: string;
  file: { file: UploadedFile; duration: number };
}

export function useSaveChapter(courseId: number, onSaved: () => void) {
  return useMutation({
    mutationFn: ({ title, file }: NewChapter) =>
      call(api, '/api/resourceFile/saveChapter', {
        courseId,
        title: title.trim(),
        fileId: file.file.fileId,
        durationSeconds: file.duration,
      }),
    onSuccess: () => {
      toast('info', '章节已保存');
      onSaved();
    },
  });
}

export function useRemoveChapter(onChange: () => void) {
  return useMutation({
    mutationFn: (chapterId: number) => call(api, '/api/resourceFile/removeChapter', { chapterId }),
    onSuccess: onChange,
  });
}

export function useSubmitForReview(courseId: number, onChange: () => void) {
  return useMutation({
    mutationFn: () => call(api, '/api/resourceFile/submit', { courseId }),
    onSuccess: (r) => {
      toast(
        r.auditStatus === 1053 ? 'warning' : 'info',
        `已提交：${r.auditLabel}${r.auditReason ? `（${r.auditReason}）` : ''}`,
      );
      onChange();
    },
  });
}
