import type { Metadata } from 'next';
import { UnitNav } from '@/components/management/UnitNav';
import { RoleAdmin } from '@/components/management/roles/RoleAdmin';

export function generateStaticParams() {
  return [];
}

export const metadata: Metadata = { title: '角色管理', robots: { index: false } };

/** 角色管理 (issue 25): roles granted over organisations; the grants load in the browser for a holder of "role-manage". */
export default function RolesPage() {
  return (
    <div className="page-width py-6">
      <h1 className="text-xl font-semibold">角色管理</h1>
      <UnitNav current="roles" />
      <RoleAdmin />
    </div>
  );
}
