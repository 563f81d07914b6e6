'use client';

/**
 * The decision on a submitted course (SPEC 4.5): 通过 (1052), 退回修改 (1055) or 不通过 (1053), with 审核意见 required
 * for the last two; the 提示 prompt (确定 / 取消) before it is sent to /api/course/audit.
 */
import { useId, useState } from 'react';
import { api } from '@/lib/api/browser';
import { call, failureText } from '@/lib/api/core';
import { AUDIT_STATUS } from '@/lib/constants';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { BusyButton } from '@/components/ui/BusyButton';
import { toast } from '@/components/ui/Toaster';

type Outcome = 1052 | 1053 | 1055;
const OUTCOMES: [Outcome, string][] = [
  [1052, '通过'],
  [1055, '退回修改'],
  [1053, '不通过'],
];
export const MSG_REASON_REQUIRED = '请填写审核意见';

export function ReviewDecision({
  courseId,
  title,
  onDone,
}: {
  courseId: number;
  title: string;
  onDone: (outcome: Outcome) => void;
}) {
  const id = useId();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirm, dialog] = useConfirm();

  async function submit() {
    if (outcome === null) return setError('请选择审核结果');
    if (outcome !== 1052 && !reason.trim()) return setError(MSG_REASON_REQUIRED);
    setError('');
    const label = OUTCOMES.find(([o]) => o === outcome)![1];
    if (!(await confirm(`确定将课程“${title}”审核为“${label}”吗？`))) return;
    setBusy(true);
    try {
      await call(api, '/api/course/audit', { courseId, auditStatus: outcome, reason: reason.trim() });
      toast('info', `已审核：${AUDIT_STATUS[outcome]}`);
      setReason('');
      setOutcome(null);
      onDone(outcome);
    } catch (err) {
      setError(failureText(err, '审核失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        审核结果
      </h3>
      <fieldset className="flex flex-wrap gap-4 text-sm">
        <legend className="sr-only">审核结果</legend>
        {OUTCOMES.map(([o, label]) => (
          <label key={o} className="flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-outcome`}
              value={o}
              checked={outcome === o}
              onChange={() => setOutcome(o)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <label className="block text-sm text-gray-700">
        审核意见{outcome !== null && outcome !== 1052 && <span className="text-red-700">（必填）</span>}
        <textarea
          className="mt-1 block w-full rounded border border-gray-300 px-2 py-1.5 text-sm"
          rows={3}
          maxLength={500}
          value={reason}
          aria-invalid={error === MSG_REASON_REQUIRED || undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <BusyButton
        type="submit"
        busy={busy}
        className="rounded bg-brand-700 px-4 py-1.5 text-sm text-white hover:bg-brand-800 aria-disabled:opacity-60"
      >
        提交审核结果
      </BusyButton>
      {dialog}
    </form>
  );
}
