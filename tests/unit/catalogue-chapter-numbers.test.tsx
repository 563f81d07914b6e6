/** @jest-environment jsdom */
/**
 * Defect: /course/detail listed "第1讲 第一讲 导论": the page prefixed 第N讲 to titles that carry their own number.
 * The prefix is added only to a title without one (第…讲/章/节/课, Chinese or Arabic numerals).
 */
import { screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CourseDetailView } from '@/components/catalogue/CourseDetailView';
import { chapterNumber } from '@/lib/catalogue/chapter-title';
import { courseDetail } from '../fixtures/course';

jest.mock('@/components/catalogue/CourseActions', () => ({ CourseActions: () => null }));
jest.mock('@/components/catalogue/ClearWindowNameOnLeave', () => ({ ClearWindowNameOnLeave: () => null }));

it('knows a title that carries its own number', () => {
  for (const title of [
    '第一讲 导论',
    '第十二讲 总结',
    '第 3 讲 方法',
    '第2章 数据',
    '第三节 案例',
    '第10课 复习',
    '第１讲 全角',
    ' 第二讲 空格在前',
  ]) {
    expect(chapterNumber(title, 4)).toBeNull();
  }
  for (const title of ['导论', '数据与方法', '第一部分 概述', '讲座：第一讲之后', '次第展开']) {
    expect(chapterNumber(title, 4)).toBe('第5讲');
  }
});

it('/course/detail numbers a chapter only when its title has no number of its own', () => {
  const chapters = [
    { id: 1, sort: 1, title: '第一讲 导论', durationSeconds: 600, kind: 'video' as const },
    { id: 2, sort: 2, title: '数据与方法', durationSeconds: 600, kind: 'video' as const },
    { id: 3, sort: 3, title: '第3讲 总结', durationSeconds: 600, kind: 'video' as const },
  ];
  const course = courseDetail({ chapters });
  // A server component: its HTML, as the page sends it.
  document.body.innerHTML = renderToStaticMarkup(
    <CourseDetailView
      course={course}
      reviews={{ list: [], total: 0, pageNum: 1, pageSize: 10 }}
      origin="http://localhost"
      siteName="继续教育网络学院"
    />,
  );
  const section = screen.getByRole('region', { name: '课程章节' });
  const titles = within(section)
    .getAllByRole('listitem')
    .map((li) => li.firstElementChild!.textContent);
  expect(titles).toEqual(['第一讲 导论', '第2讲数据与方法', '第3讲 总结']);
});
