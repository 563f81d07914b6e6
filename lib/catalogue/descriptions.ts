/** Meta descriptions built from what a host offers (its route set, audiences and course categories), never more. */
import { findRoute, siteTitle, VARIANTS, type Audience, type Site } from '@/lib/variants';

const AUDIENCE_NAMES: Record<Audience, string> = { general: '科研院所职工', party: '党员干部', student: '研究生' };
/** What the site description names, each with the page that offers it. */
const OFFERS: [string, string][] = [
  ['/course/index', '课程资源'],
  ['/series/index', '系列专题'],
  ['/train/index', '培训项目'],
  ['/live/index', '直播课堂'],
  ['/teacher/index', '师资资源'],
  ['/personal/index', '个人学习档案'],
];

/** 甲、乙与丙 */
const enumerate = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join('、')}与${names[names.length - 1]}` : (names[0] ?? '');
/** 甲、乙和丙 */
const people = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join('、')}和${names[names.length - 1]}` : (names[0] ?? '');

/** The host's description (its home page and the default of its pages): its audiences and the sections it has. */
export function siteDescription(site: Site): string {
  const v = VARIANTS[site.variant];
  const offers = OFFERS.filter(([path]) => findRoute(v, path)).map(([, name]) => name);
  return `${siteTitle(site)}：面向${people(v.audiences.map((a) => AUDIENCE_NAMES[a]))}的在线${v.isStu ? '学习' : '继续教育'}平台，提供${enumerate(offers)}。`;
}

/** /course/index: the categories are named when there are several (a host with one has no 等分类 to speak of). */
export function courseListDescription(title: string, name: string, categories: readonly { name: string }[]): string {
  const kinds = categories.length > 1 ? `${categories.map((c) => c.name).join('、')}等分类的在线课程，` : '';
  return `${title}${name}课程：${kinds}按课程类型浏览，查看热门课程，选学后开始学习。`;
}
