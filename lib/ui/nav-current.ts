/**
 * Which menu items the address the learner is at belongs to, so the menu can show where they are: the link to this
 * very page gets aria-current="page", the top item of its section aria-current="true". A section is the address's
 * first segment (/course/detail belongs to 课程资源 at /course/index); under /space it is the first two
 * (组织空间 is /space/organization, a teacher's space is not part of it). Of the query only the
 * category `t` tells pages apart (/course/index?t=301 is the 党的理论 link's page, also on page 2).
 */
import type { MenuItem } from '@/lib/variants';

export type NavMark = 'page' | 'true';

function section(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return parts[0] === 'space' ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

function isPage(href: string, at: URL): boolean {
  const url = new URL(href, at);
  return url.pathname === at.pathname && url.searchParams.get('t') === at.searchParams.get('t');
}

/** The marks for `menu` at `address` (a path with its query), keyed by the item's href; unmarked items are absent. */
export function navMarks(menu: readonly MenuItem[], address: string): Map<string, NavMark> {
  const at = new URL(address, 'http://localhost');
  const marks = new Map<string, NavMark>();
  for (const item of menu) {
    const child = item.children?.find((c) => isPage(c.href, at));
    if (child) marks.set(child.href, 'page');
    if (isPage(item.href, at)) marks.set(item.href, 'page');
    else if (child || section(new URL(item.href, at).pathname) === section(at.pathname)) marks.set(item.href, 'true');
  }
  return marks;
}
