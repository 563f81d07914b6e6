'use client';

/** The unit area's links (issue 25): 本单位学时 for a holder of "unit-report", 角色管理 for one of "role-manage". */
import Link from '@/components/ui/Link';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { ROLES_PATH, UNIT_PATH } from './unit-links';

export function UnitNav({ current }: { current: 'unit' | 'roles' }) {
  const powers = useQuery(apiQuery('/api/manage/myPowers'));
  const has = (p: string) => powers.data?.powers.some((x) => x.power === p) ?? false;
  const links: [string, string, 'unit' | 'roles', boolean][] = [
    [UNIT_PATH, '本单位学时', 'unit', has('unit-report')],
    [ROLES_PATH, '角色管理', 'roles', has('role-manage')],
  ];
  return (
    <nav aria-label="本单位管理" className="mt-4 flex flex-wrap gap-2 border-b pb-2">
      {links
        .filter(([, , k, shown]) => shown || k === current)
        .map(([href, label, k]) => (
          <Link
            key={k}
            href={href}
            prefetch={false}
            aria-current={current === k ? 'page' : undefined}
            className={`rounded px-3 py-1.5 text-sm ${current === k ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
          >
            {label}
          </Link>
        ))}
      <Link
        prefetch={false}
        href="/personal/index"
        className="rounded px-3 py-1.5 text-sm text-gray-700 hover:bg-gray-100"
      >
        返回个人中心
      </Link>
    </nav>
  );
}
