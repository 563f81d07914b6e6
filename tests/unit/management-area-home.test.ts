/** 切换至本单位 (issue 25) leads each manager to the first screen of the unit area their powers open. */
import { areaHome } from '@/components/management/unit-links';

it('opens the unit report, else 课程审核, else 通知公告发布 (whole institution only), else 角色管理', () => {
  expect(
    areaHome([
      { power: 'unit-report', orgIds: [3] },
      { power: 'course-review', orgIds: null },
    ]),
  ).toBe('/personal/unit');
  // 内容管理员: course review and notices.
  expect(
    areaHome([
      { power: 'course-review', orgIds: [3] },
      { power: 'notice-publish', orgIds: [3] },
    ]),
  ).toBe('/personal/review');
  expect(areaHome([{ power: 'notice-publish', orgIds: null }])).toBe('/personal/notices');
  // Notices are site-wide: a unit's publisher has no screen for them.
  expect(areaHome([{ power: 'notice-publish', orgIds: [3] }])).toBeNull();
  expect(areaHome([{ power: 'role-manage', orgIds: [3] }])).toBe('/personal/roles');
  expect(areaHome([{ power: 'application-review', orgIds: null }])).toBeNull();
  expect(areaHome([])).toBeNull();
});
