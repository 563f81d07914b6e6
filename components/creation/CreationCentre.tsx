'use client';

import Link from '@/components/ui/Link';
import { SeriesAdminLink } from '@/components/management/series-admin/SeriesAdminLink';
import { CourseEditor } from './CourseEditor';
import { MyCourses } from './MyCourses';
import { UploadQuotaMeter } from './UploadQuotaMeter';

// Importers take these from here, the centre's module; each lives with the part that shows it.
export { AuditBadge } from './AuditBadge';
export { PUBLISHED_EDIT_NOTE } from './CourseEditor';
export { MSG_WAIT_UPLOAD } from './AddChapterForm';

/** The creation centre (SPEC 2.1 /space/creation): my courses, and the upload form (tab videoSubmit). */
export function CreationCentre({ ownerId, tab, courseId }: { ownerId: string; tab: string; courseId: number | null }) {
  const href = (t: string, c?: number) =>
    `/space/creation?tab=${t}${ownerId ? `&id=${ownerId}` : ''}${c ? `&courseId=${c}` : ''}`;
  const tabs = [
    { key: 'myCourse', label: '我的课程' },
    { key: 'videoSubmit', label: courseId ? '编辑课程' : '上传课程' },
  ];
  const active = tab === 'videoSubmit' ? 'videoSubmit' : 'myCourse';
  return (
    <div className="page-width py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">创作中心</h1>
      <UploadQuotaMeter />
      <nav aria-label="创作中心" className="mb-5 flex gap-2 border-b border-gray-200">
        {tabs.map((t) => (
          <Link
            key={t.key}
            href={t.key === 'videoSubmit' ? href(t.key, courseId ?? undefined) : href(t.key)}
            aria-current={active === t.key ? 'page' : undefined}
            className={`-mb-px border-b-2 px-4 py-2 ${active === t.key ? 'border-brand-700 font-semibold text-brand-800' : 'border-transparent text-gray-600 hover:text-brand-700'}`}
          >
            {t.label}
          </Link>
        ))}
        {courseId && active === 'videoSubmit' && (
          <Link href={href('videoSubmit')} className="ml-auto self-center text-sm text-brand-700 hover:underline">
            + 新建课程
          </Link>
        )}
        <SeriesAdminLink
          className={`${courseId && active === 'videoSubmit' ? '' : 'ml-auto '}self-center px-2 text-sm text-brand-700 hover:underline`}
        />
      </nav>
      {active === 'videoSubmit' ? (
        <CourseEditor key={courseId ?? 'new'} courseId={courseId} editHref={(c) => href('videoSubmit', c)} />
      ) : (
        <MyCourses editHref={(c) => href('videoSubmit', c)} newHref={href('videoSubmit')} />
      )}
    </div>
  );
}
