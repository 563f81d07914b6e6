'use client';
/** 审核: the course's review status and opinion, and 提交审核 with every requirement still unmet listed at once. */
import { useId, useState } from 'react';
import type { CreationCourse } from '@/lib/contract/spaces';
import { submitRequirements, SUMMARY_MIN_CHARS } from '@/lib/validation/spaces';
import { AuditBadge } from './AuditBadge';
import { useSubmitForReview } from './use-creation-actions';
import { SubmitReviewButton } from './SubmitReviewButton';

export function ReviewPanel({
  course,
  locked,
  onChange,
}: {
  course: CreationCourse;
  locked: boolean;
  onChange: () => void;
}) {
  const id = useId();
  const [unmet, setUnmet] = useState<string[]>([]);
  const submit = useSubmitForReview(course.courseId, onChange);
  const requirements = submitRequirements({
    chapterCount: course.chapters.length,
    cover: course.cover,
    summary: course.summary,
  });
  // Reported at 提交审核, all at once; each leaves the list once it is met.
  const stillUnmet = unmet.filter((m) => requirements.includes(m));
  return (
    <section aria-labelledby={`${id}-review`} className="space-y-2 rounded bg-white p-5 shadow-sm">
      <h2 id={`${id}-review`} className="text-lg font-semibold">
        审核
      </h2>
      <p className="text-sm text-gray-700">
        当前状态：
        <AuditBadge status={course.auditStatus} submitted={course.submitted} />
        {course.auditReason && <span className="ml-2">审核意见：{course.auditReason}</span>}
      </p>
      {!locked && course.auditStatus !== 1052 && (
        <>
          <p className="text-sm text-gray-600">
            提交审核需要：至少一个章节、课程封面、不少于{SUMMARY_MIN_CHARS}个字的课程简介（以已保存的基本信息为准）。
          </p>
          {stillUnmet.length > 0 && (
            <div role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">还不能提交审核：</p>
              <ul className="mt-1 list-disc pl-5">
                {stillUnmet.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          )}
          <SubmitReviewButton
            busy={submit.isPending}
            requirements={requirements}
            onUnmet={setUnmet}
            onSubmit={() => submit.mutate()}
          />
        </>
      )}
    </section>
  );
}
