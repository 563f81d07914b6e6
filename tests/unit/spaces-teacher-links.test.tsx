/** @jest-environment jsdom */
/**
 * From QA: teacher spaces could not be reached from the catalogue. /teacher/detail and the 主讲教师 card of a course
 * page link to /space/teacher?id= (SPEC 6: the teacher space has the teacher's id). And the meta descriptions name
 * only what the host offers: no 直播课堂 or 研究生 on the party-school host, no 等分类 with one category.
 */
import { screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CourseDetailView } from '@/components/catalogue/CourseDetailView';
import type { TeacherDetail } from '@/lib/contract/catalogue';
import { courseDetail } from '../fixtures/course';
import { courseListDescription, siteDescription } from '@/lib/catalogue/descriptions';
import { courseCategories } from '@/lib/catalogue/variant-rules';
import { VARIANTS, type Site } from '@/lib/variants';

jest.mock('@/components/catalogue/CourseActions', () => ({ CourseActions: () => null }));
jest.mock('@/components/catalogue/ClearWindowNameOnLeave', () => ({ ClearWindowNameOnLeave: () => null }));
jest.mock('@/components/catalogue/Lists', () => ({ CourseList: () => null }));
const teacher: TeacherDetail = {
  id: 1,
  name: '张明远',
  type: 1,
  title: '研究员',
  orgName: '物理研究所',
  avatar: '',
  courseCount: 3,
  field: '凝聚态物理',
  introHtml: '<p>简介</p>',
  gender: 1,
  courses: [],
};
jest.mock('@/lib/api/prefetch', () => ({ loadOrNull: async () => teacher }));
jest.mock('@/lib/catalogue/server', () => {
  const actual = jest.requireActual('@/lib/catalogue/server');
  return {
    ...actual,
    publicApi: () => ({ api: {}, qc: new (jest.requireActual('@tanstack/react-query').QueryClient)() }),
  };
});

describe('links to the teacher space', () => {
  it('the 主讲教师 card of a course page: 进入教师空间', () => {
    const course = courseDetail({
      teacher: { id: 7, name: '李华', title: '教授', orgName: '高校', avatar: '', intro: '主讲教师简介' },
    });
    document.body.innerHTML = renderToStaticMarkup(
      <CourseDetailView
        course={course}
        reviews={{ list: [], total: 0, pageNum: 1, pageSize: 10 }}
        origin="http://localhost"
        siteName="继续教育网络学院"
      />,
    );
    const card = screen.getByRole('complementary', { name: '主讲教师' });
    expect(
      within(card)
        .getByRole('link', { name: /^进入教师空间/ })
        .getAttribute('href'),
    ).toBe('/space/teacher?id=7');
    expect(within(card).getByRole('link', { name: /^李华/ }).getAttribute('href')).toBe('/teacher/detail?id=7');
  });

  it('/teacher/detail: 进入教师空间, on every host (each has /space/teacher)', async () => {
    const { default: TeacherDetailPage } = await import('@/app/[variant]/(portal)/teacher/detail/[[...q]]/page');
    for (const variant of ['main', 'partySchool.dx', 'student']) {
      const page = await TeacherDetailPage({ params: Promise.resolve({ variant, q: ['id-1'] }) });
      document.body.innerHTML = renderToStaticMarkup(
        <QueryClientProvider client={new QueryClient()}>{page}</QueryClientProvider>,
      );
      expect([variant, screen.getByRole('link', { name: '进入教师空间' }).getAttribute('href')]).toEqual([
        variant,
        '/space/teacher?id=1',
      ]);
    }
  });
});

describe('meta descriptions', () => {
  const dangxiao: Site = { variant: 'partySchool', dx: true };
  it('name only the sections and audiences the host has', () => {
    const main = siteDescription({ variant: 'main', dx: false });
    expect(main).toContain('直播课堂');
    expect(main).toContain('研究生');
    for (const site of [dangxiao, { variant: 'student', dx: false } as Site]) {
      const text = siteDescription(site);
      expect(text).not.toContain('直播课堂');
      expect(text).toContain('课程资源');
    }
    expect(siteDescription(dangxiao)).not.toContain('研究生');
    expect(siteDescription(dangxiao)).toMatch(/^党校干部网络教学平台：面向党员干部/);
  });

  it('/course/index says 等分类 only with several categories', () => {
    const one = courseCategories(VARIANTS.partySchool);
    expect(one).toHaveLength(1);
    const text = courseListDescription('党校干部网络教学平台', one[0].name, one);
    expect(text).not.toContain('等');
    expect(text).toBe('党校干部网络教学平台党的理论课程：按课程类型浏览，查看热门课程，选学后开始学习。');
    expect(courseListDescription('继续教育网络学院', '课程资源', courseCategories(VARIANTS.main))).toMatch(
      /：党的理论、.+等分类的在线课程，/,
    );
  });
});
