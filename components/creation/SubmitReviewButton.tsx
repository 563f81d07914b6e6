'use client';
/**
 * 提交审核 (SPEC 5): the requirements are checked together first, and only when all pass does the confirm prompt
 * (提示 / 确定 / 取消) ask before the course is submitted.
 */
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { BusyButton } from '@/components/ui/BusyButton';

export const SUBMIT_REVIEW_CONFIRM = '确定提交审核吗？提交后审核期间不能修改课程。';

export function SubmitReviewButton({
  busy,
  requirements,
  onUnmet,
  onSubmit,
}: {
  busy: boolean;
  requirements: string[];
  onUnmet: (unmet: string[]) => void;
  onSubmit: () => void;
}) {
  const [confirm, dialog] = useConfirm();
  return (
    <>
      <BusyButton
        busy={busy}
        onClick={async () => {
          onUnmet(requirements);
          if (requirements.length > 0) return;
          if (await confirm(SUBMIT_REVIEW_CONFIRM)) onSubmit();
        }}
        className="rounded bg-green-700 px-5 py-2 text-white hover:bg-green-800 aria-disabled:opacity-60"
      >
        提交审核
      </BusyButton>
      {dialog}
    </>
  );
}
