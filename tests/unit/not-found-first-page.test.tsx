/** @jest-environment jsdom */
/**
 * The 404 of a list's page past its end offers the list's first page with the same filters (a bookmarked page of a
 * list that has since shrunk); any other 404 offers the home page only.
 */
import { render, screen } from '@testing-library/react';
import { NotFoundContent } from '@/components/shell/NotFoundContent';
import { firstPageOf } from '@/components/shell/FirstPageLink';

afterEach(() => window.history.replaceState(null, '', '/'));

it('firstPageOf drops the page number and keeps the filters', () => {
  expect(firstPageOf('/course/index', '?t=301&page=40')).toBe('/course/index?t=301');
  expect(firstPageOf('/series/index', '?page=9')).toBe('/series/index');
  expect(firstPageOf('/course/detail', '?courseId=999999')).toBeNull();
});

it('a list past its end: 返回列表第一页 and 返回首页', () => {
  window.history.replaceState(null, '', '/train/index?t=5001&month=3&page=12');
  render(<NotFoundContent />);
  expect(screen.getByRole('link', { name: '返回列表第一页' }).getAttribute('href')).toBe('/train/index?t=5001&month=3');
  expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
});

it('a record that does not exist: 返回首页 only', () => {
  window.history.replaceState(null, '', '/course/detail?courseId=999999');
  render(<NotFoundContent />);
  expect(screen.queryByRole('link', { name: '返回列表第一页' })).toBeNull();
  expect(screen.getByRole('link', { name: '返回首页' })).toBeTruthy();
});
