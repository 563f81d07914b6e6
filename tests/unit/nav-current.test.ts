/**
 * Which menu items an address belongs to (lib/ui/nav-current.ts), on the real menus of the sites: the page's own
 * link is marked "page", its section's top item "true"; nothing is marked on a page outside the menu.
 */
import { navMarks } from '@/lib/ui/nav-current';
import { VARIANTS } from '@/lib/variants';

const marks = (variant: keyof typeof VARIANTS, address: string) =>
  Object.fromEntries(navMarks(VARIANTS[variant].menu, address));

describe('navMarks', () => {
  it('the home page and a list page are their own links', () => {
    expect(marks('main', '/home')).toEqual({ '/home': 'page' });
    expect(marks('main', '/series/index?page=3')).toEqual({ '/series/index': 'page' });
  });

  it('a detail page marks its section', () => {
    expect(marks('main', '/course/detail?courseId=3')).toEqual({ '/course/index': 'true' });
    expect(marks('main', '/train/detail?id=2')).toEqual({ '/train/index': 'true' });
    expect(marks('main', '/exam/paper?id=1')).toEqual({ '/exam': 'true' });
  });

  it('a category: its submenu link is the page and the top item its section', () => {
    const t = VARIANTS.main.menu.find((m) => m.href === '/train/index')!.children![0].href;
    expect(marks('main', t)).toEqual({ [t]: 'page', '/train/index': 'true' });
  });

  it('news: 新闻公告 and its 新闻 link lead to the same page, both are marked as it', () => {
    expect(marks('main', '/notice/news')).toEqual({ '/notice/news': 'page' });
    expect(marks('main', '/notice/detail?id=5')).toEqual({ '/notice/news': 'true' });
  });

  it('the student site: 组织空间 is its section, a teacher space is not part of it', () => {
    expect(marks('student', '/space/organization?id=2')).toEqual({ '/space/organization': 'page' });
    expect(marks('student', '/space/teacher?id=2')).toEqual({});
  });

  it('pages outside the menu mark nothing', () => {
    expect(marks('main', '/personal/index')).toEqual({});
    expect(marks('student', '/search/index?key=x')).toEqual({});
  });
});
