'use client';
/** The course's chapters (课程章节), each with its file, size and length, and 删除 unless the course is locked. */
import { useId } from 'react';
import type { CreationCourse } from '@/lib/contract/spaces';
import { formatBytes, formatHMS } from '@/lib/format';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { RemoveButton } from '@/components/ui/RemoveButton';
import { useRemoveChapter } from './use-creation-actions';
import { TranscodeBadge } from './TranscodeBadge';

export function ChapterFiles({
  course,
  locked,
  onChange,
}: {
  course: CreationCourse;
  locked: boolean;
  onChange: () => void;
}) {
  const id = useId();
  const [confirm, dialog] = useConfirm();
  const removeChapter = useRemoveChapter(onChange);
  return (
    <>
      {dialog}
      <section aria-labelledby={`${id}-h`} className="rounded bg-white p-5 shadow-sm">
        <h2 id={`${id}-h`} tabIndex={-1} className="mb-3 text-lg font-semibold focus:outline-none">
          课程章节
        </h2>
        {course.chapters.length === 0 ? (
          <p className="text-gray-600">暂无章节</p>
        ) : (
          <ol className="divide-y divide-gray-100">
            {course.chapters.map((ch) => (
              <li key={ch.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-medium">{ch.title}</span>
                  <span className="ml-2 text-gray-600">
                    {ch.fileName} {ch.fileSize ? formatBytes(ch.fileSize) : ''}{' '}
                    {ch.durationSeconds ? formatHMS(ch.durationSeconds) : ''}
                  </span>
                  <TranscodeBadge transcode={ch.transcode} />
                  {ch.trialProcessing && (
                    <span
                      className="ml-2 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-800"
                      title="试看片段正在生成，生成前未选学的学员不能试看"
                    >
                      试看片段处理中
                    </span>
                  )}
                </span>
                {!locked && (
                  <RemoveButton
                    what={ch.title}
                    className="shrink-0"
                    busy={removeChapter.isPending}
                    ask={() =>
                      confirm(
                        `${course.auditStatus === 1052 ? '该课程已审核通过并发布，删除章节后课程将退回“未审核”状态并从课程目录下架，需重新提交审核。\n' : ''}确定删除章节“${ch.title}”吗？`,
                      )
                    }
                    remove={() => removeChapter.mutate(ch.id)}
                    fallback={() => document.getElementById(`${id}-h`)}
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
