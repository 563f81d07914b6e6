'use client';
/** The right-hand column of a saved course: its chapters, a new chapter, and the review. */
import type { CreationCourse } from '@/lib/contract/spaces';
import { AddChapterForm } from './AddChapterForm';
import { ChapterFiles } from './ChapterFiles';
import { ReviewPanel } from './ReviewPanel';

export function Chapters({ course, onChange }: { course: CreationCourse; onChange: () => void }) {
  // 审批中, or 已修改 and submitted again: the chapters stay as they are while the review runs.
  const locked = course.auditStatus === 1054 || (course.auditStatus === 1056 && course.submitted);
  return (
    <div className="space-y-4">
      <ChapterFiles course={course} locked={locked} onChange={onChange} />
      {!locked && <AddChapterForm courseId={course.courseId} onChange={onChange} />}
      <ReviewPanel course={course} locked={locked} onChange={onChange} />
    </div>
  );
}
