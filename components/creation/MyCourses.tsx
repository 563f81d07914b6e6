'use client';
/** The 我的课程 tab: the user's courses with their review status, to edit or delete. */
import Link from '@/components/ui/Link';
import { COURSE_CATEGORIES } from '@/lib/constants';
import { ScrollTable } from '@/components/ui/ScrollTable';
import { useConfirm } from '@/components/shell/ConfirmDialog';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { RemoveButton } from '@/components/ui/RemoveButton';
import { AuditBadge } from './AuditBadge';
import { useRemoveCourse } from './use-creation-actions';
import { useMyCourses } from './use-creation-data';

/** The empty list's link: where the keyboard goes when the last course is deleted. */
const FIRST_COURSE_LINK = 'creation-first-course';

export function MyCourses({ editHref, newHref }: { editHref: (c: number) => string; newHref: string }) {
  const [confirm, dialog] = useConfirm();
  const list = useMyCourses();
  const remove = useRemoveCourse();
  if (list.isPending) return <p aria-busy="true">加载中…</p>;
  if (list.isError)
    return (
      <LoadFailed
        what="课程列表"
        onRetry={list.refetch}
        retrying={list.isFetching}
        className="rounded bg-white p-8 text-gray-700"
      />
    );
  if (list.data.list.length === 0)
    return (
      <p className="rounded bg-white p-8 text-center text-gray-700">
        还没有课程，
        <Link id={FIRST_COURSE_LINK} href={newHref} className="text-brand-700 underline">
          上传第一门课程
        </Link>
      </p>
    );
  const th = 'whitespace-nowrap px-4 py-2';
  const td = 'whitespace-nowrap px-4 py-2';
  return (
    <div className="rounded bg-white shadow-sm">
      {dialog}
      <ScrollTable label="我的课程列表">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">我的课程</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className={th}>
                课程名称
              </th>
              <th scope="col" className={th}>
                分类
              </th>
              <th scope="col" className={th}>
                章节
              </th>
              <th scope="col" className={th}>
                审核状态
              </th>
              <th scope="col" className={th}>
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.list.map((c) => (
              <tr key={c.courseId} className="border-t border-gray-100">
                <td className="min-w-40 px-4 py-2 font-medium wrap-anywhere">{c.title}</td>
                <td className={td}>{COURSE_CATEGORIES.find((x) => x.code === c.categoryCode)?.name}</td>
                <td className={td}>{c.chapterCount}</td>
                <td className={td}>
                  <AuditBadge status={c.auditStatus} submitted={c.submitted} />
                  {/* A reviewer's decision says why (退回修改, 未通过): the teacher reads it here. */}
                  {c.auditReason && [1053, 1055].includes(c.auditStatus) && (
                    <p className="mt-1 max-w-60 text-xs whitespace-normal text-gray-700 wrap-anywhere">
                      审核意见：{c.auditReason}
                    </p>
                  )}
                </td>
                <td className={`space-x-3 ${td}`}>
                  <Link href={editHref(c.courseId)} className="text-brand-700 hover:underline">
                    编辑<span className="sr-only">{c.title}</span>
                  </Link>
                  <RemoveButton
                    what={c.title}
                    ask={() =>
                      confirm(
                        `确定删除课程“${c.title}”吗？${c.auditStatus === 1052 ? '该课程已发布，删除后将从课程目录中移除。' : ''}删除后不可恢复。`,
                      )
                    }
                    remove={() => remove.mutate(c.courseId)}
                    fallback={() => document.getElementById(FIRST_COURSE_LINK)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </div>
  );
}
