import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AssessList } from '@/components/newEmployee/AssessList';

export const metadata: Metadata = {
  title: '培训评估',
  description: '对参加过的培训项目的内容、师资和组织进行评价。',
  robots: { index: false },
};

/**
 * Training assessment (SPEC 2.1 /assess): the shell is cached; the learner's own trainings load in the browser
 * (`?trainId=N` is read there, so the cached shell does not depend on it).
 */
export default function AssessPage() {
  return (
    <div className="page-width space-y-6 py-6">
      <div>
        <h1 className="text-2xl font-bold">培训评估</h1>
        <p className="mt-1 text-gray-700">
          对您参加过的培训项目的内容、师资和组织进行评价（1-5分），帮助我们改进培训质量。
        </p>
      </div>
      <Suspense fallback={<p aria-busy="true">加载中…</p>}>
        <AssessList />
      </Suspense>
    </div>
  );
}
