import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { UserImport } from '@/components/management/user-import/UserImport';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '用户导入', robots: { index: false } };

/** 用户导入 (issue 25): the template, the checked upload and its outcome, for a holder of "user-import". */
export default function ImportPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">用户导入</h1>
      <UnitNav current="import" />
      <UserImport />
    </div>
  );
}
