/** @jest-environment jsdom */
/** /remark/index, index2 and index3 (SPEC 2.1 remark): three routes, one page, each with its own diagram. */
import { render, screen, within } from '@testing-library/react';
import { REQUIRED_ONLINE_HOURS } from '@/lib/constants';
import { RemarkPage } from '@/components/remark/RemarkPage';
import Remark1, { generateMetadata as meta1 } from '@/app/[variant]/(portal)/remark/index/page';
import Remark2, { generateMetadata as meta2 } from '@/app/[variant]/(portal)/remark/index2/page';
import Remark3, { generateMetadata as meta3 } from '@/app/[variant]/(portal)/remark/index3/page';

const params = Promise.resolve({ variant: 'main' });

it.each([
  ['/remark/index', meta1, '学习流程说明'],
  ['/remark/index2', meta2, '培训报名流程说明'],
  ['/remark/index3', meta3, '学时要求说明'],
])('%s has its own title and canonical address', async (route, generateMetadata, title) => {
  const meta = await generateMetadata({ params });
  expect(String(meta.title)).toContain(title);
  expect(String(meta.alternates?.canonical)).toContain(route);
});

it.each([
  ['/remark/index', Remark1, '学习流程说明', '点击“选学”将课程加入学习计划'],
  ['/remark/index2', Remark2, '培训报名流程说明', '主办单位审核，状态为“报名待审核”'],
  ['/remark/index3', Remark3, '学时要求说明', `网络课程学习，每年不少于${REQUIRED_ONLINE_HOURS}学时`],
])('%s shows its own diagram', async (_route, Page, title, step) => {
  const element = Page({ params });
  render(await RemarkPage(element.props));
  expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  expect(within(document.body).getByText(step)).toBeTruthy();
});
