'use client';
/** The 上传课程 / 编辑课程 tab: the basic information, then (once saved) the chapters and the review. */
import { useRouter } from 'next/navigation';
import { BasicForm } from './BasicForm';
import { Chapters } from './Chapters';
import { useCourseBasic } from './use-creation-data';

/** Any change to an approved course (creation service afterEdit) sends it back to review and out of the catalogue. */
export const PUBLISHED_EDIT_NOTE =
  '该课程已审核通过并发布。修改基本信息或增删章节后，课程将退回“未审核”状态并从课程目录下架，需重新提交审核。';

export function CourseEditor({ courseId, editHref }: { courseId: number | null; editHref: (c: number) => string }) {
  const router = useRouter();
  const { basic, refresh } = useCourseBasic(courseId);
  if (courseId && basic.isPending) return <p aria-busy="true">加载中…</p>;
  if (courseId && basic.isError) return <p role="alert">课程不存在或无权编辑。</p>;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      {basic.data?.auditStatus === 1052 && (
        <p role="note" className="rounded bg-amber-50 p-3 text-sm text-amber-900 lg:col-span-2">
          {PUBLISHED_EDIT_NOTE}
        </p>
      )}
      <BasicForm
        key={basic.data?.updatedAt ?? 'new'}
        course={basic.data ?? null}
        onSaved={(id) => {
          if (!courseId) router.replace(editHref(id));
          else void refresh();
        }}
      />
      {courseId && basic.data ? (
        <Chapters course={basic.data} onChange={refresh} />
      ) : (
        <p className="rounded bg-white p-5 text-gray-700">保存基本信息后即可添加章节、上传课程视频和文档。</p>
      )}
    </div>
  );
}
