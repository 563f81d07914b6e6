import { expect, type Page, type TestInfo } from '@playwright/test';

/** What each project (host variant) is expected to show: the UI contract of the home page. */
export interface SiteExpectation {
  title: string;
  /** Where `/` lands. */
  home: string;
  /** `h2` module headings the home page must have. */
  moduleHeadings: string[];
}

const ALL_MODULES = ['系列专题', '课程资源', '直播课堂', '师资资源', '培训项目', '学习排行'];

export const SITES: Record<string, SiteExpectation> = {
  main: { title: '继续教育网络学院', home: '/home', moduleHeadings: ALL_MODULES },
  party: { title: '党员网络学习平台', home: '/home', moduleHeadings: ALL_MODULES },
  student: { title: '研究生科学教育平台', home: '/course/index', moduleHeadings: ['系列专题', '课程资源', '培训项目'] },
};

export const NEWS_HEADINGS = ['新闻动态', '通知公告'];
export const NOT_FOUND_TEXT = '抱歉，您访问的页面不存在';

export function siteOf(testInfo: TestInfo): SiteExpectation {
  const site = SITES[testInfo.project.name];
  if (!site) throw new Error(`no site expectation for project ${testInfo.project.name}`);
  return site;
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The home page of a variant: title link in the header, module headings, news and notices, document title. */
export async function expectHomePage(page: Page, site: SiteExpectation) {
  const response = await page.goto('/home');
  expect(response?.status(), 'GET /home').toBe(200);
  await expect(page.getByRole('banner').getByRole('link', { name: site.title, exact: true })).toBeVisible();
  for (const heading of site.moduleHeadings) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true }), `h2 ${heading}`).toBeVisible();
  }
  for (const heading of NEWS_HEADINGS) {
    await expect(page.getByRole('heading', { name: heading, exact: true }), `heading ${heading}`).toBeVisible();
  }
  await expect(page).toHaveTitle(new RegExp(site.title));
}

/** A 404 as a visitor sees it: HTTP 404, the message, and a way back home. */
export async function expectNotFound(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), `GET ${url}`).toBe(404);
  await expect(page.getByText(NOT_FOUND_TEXT)).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
}
