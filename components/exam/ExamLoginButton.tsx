'use client';

/** The way in for a signed-out visitor of an exam's result: the exam login (type 17), as on the paper. */
import { openLogin } from '@/lib/ui/events';
import { EXAM_LOGIN_TYPE } from './ExamActions';

export function ExamLoginButton() {
  return (
    <button
      type="button"
      onClick={() => openLogin(EXAM_LOGIN_TYPE)}
      className="ml-2 rounded bg-brand-600 px-3 py-1 text-sm text-white hover:bg-brand-700"
    >
      登录
    </button>
  );
}
