'use client';

/** The action of an exam row: 报名, 开始考试 / 继续考试, 查看成绩; exam login (type 17) where the exam requires it. */
import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { api } from '@/lib/api/browser';
import { ApiError, call } from '@/lib/api/core';
import { emitUi, openMessageBox } from '@/lib/ui/events';
import { isLoggedIn } from '@/lib/session/client';
import { examHref, type ExamRow } from '@/lib/learning/exam-status';
import { toast } from '@/components/ui/Toaster';

export const EXAM_LOGIN_TYPE = 17;

export function ExamActions({ exam }: { exam: ExamRow }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const needLogin = () => {
    if (isLoggedIn()) return false;
    if (exam.requireLogin) emitUi({ type: 'login', loginType: EXAM_LOGIN_TYPE });
    else openMessageBox(1);
    return true;
  };
  const apply = async () => {
    if (needLogin()) return;
    setBusy(true);
    try {
      await call(api, '/api/examExaminfo/apply', { examId: exam.id });
      toast('info', '报名成功');
      router.refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  const cls = 'rounded bg-brand-600 px-3 py-1 text-sm text-white hover:bg-brand-700 disabled:opacity-50';
  if (exam.status === 1)
    return (
      <a href={examHref(exam)} className="text-sm text-brand-700 hover:underline">
        查看成绩
      </a>
    );
  if (!exam.canTake) return <span className="text-sm text-gray-500">仅限本项目审核通过的学员</span>;
  if (exam.status === -1 && !exam.isAfterEndTime)
    return (
      <button type="button" disabled={busy} onClick={apply} className={cls}>
        报名
      </button>
    );
  if (exam.status === 0 || exam.status === 2)
    return (
      <a
        href={examHref(exam)}
        onClick={(e) => {
          if (needLogin()) e.preventDefault();
        }}
        className={cls}
      >
        {exam.status === 2 ? '继续考试' : '开始考试'}
      </a>
    );
  return <span className="text-sm text-gray-400">-</span>;
}
