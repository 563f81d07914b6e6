/** The plain paged lists of the catalogue (components/catalogue/SimpleListPage.tsx). */
import { TEACHER_TYPES } from '@/lib/constants';
import type { Crumb } from '@/lib/links';
import type { PathAnswering } from '@/lib/contract/endpoints';
import type { Page } from '@/lib/contract/home';
import { TAGS } from '@/lib/cache-tags';
import { LIST_PAGE_SIZE, NEWS_PAGE_SIZE } from './variant-rules';

export interface SimpleListSpec {
  route: string;
  call: PathAnswering<Page<unknown>>;
  kind: 'series' | 'teacher' | 'live' | 'news' | 'notice' | 'course';
  /** What the list shows (lib/cache-tags): a write to it regenerates the cached page. */
  tags: string[];
  pageSize: number;
  /** The parameter that selects a tab (t, status), its values and the body field it sets. */
  tabs?: { param: string; field: string; options: { value: string | undefined; label: string; bodyValue: unknown }[] };
  title: (tabLabel: string | undefined) => string;
  description: (siteTitle: string, tabLabel: string | undefined) => string;
  crumbs: (tabLabel: string | undefined) => Crumb[];
  extraBody?: object;
  /** Links shown beside the heading (the news/notice switch). */
  switcher?: { href: string; label: string; active: boolean }[];
}

export const SERIES_INDEX: SimpleListSpec = {
  route: '/series/index',
  call: '/api/recommendseries/list',
  kind: 'series',
  tags: [TAGS.courses, TAGS.series],
  pageSize: LIST_PAGE_SIZE,
  title: () => '系列专题',
  description: (site) =>
    `${site}系列专题：围绕党的理论、学术前沿、科研技能等主题精选的系列课程，报名加入后系统学习，完成后可申请证书。`,
  crumbs: () => [{ name: '系列专题' }],
  switcher: [
    { href: '/series/index', label: '全部专题', active: true },
    { href: '/series/class', label: '推荐专题', active: false },
  ],
};

export const SERIES_CLASS: SimpleListSpec = {
  ...SERIES_INDEX,
  route: '/series/class',
  extraBody: { recommended: true },
  title: () => '推荐专题',
  description: (site) => `${site}推荐的系列专题课程。`,
  crumbs: () => [{ name: '系列专题', href: '/series/index' }, { name: '推荐专题' }],
  switcher: [
    { href: '/series/index', label: '全部专题', active: false },
    { href: '/series/class', label: '推荐专题', active: true },
  ],
};

export const TEACHER_INDEX: SimpleListSpec = {
  route: '/teacher/index',
  call: '/api/tchrBaseinfo/list',
  kind: 'teacher',
  tags: [],
  pageSize: 18,
  tabs: {
    param: 't',
    field: 'type',
    options: [
      { value: undefined, label: '全部师资', bodyValue: undefined },
      ...TEACHER_TYPES.map((t) => ({ value: String(t.code), label: t.name, bodyValue: t.code })),
    ],
  },
  title: (tab) => (tab && tab !== '全部师资' ? tab : '师资资源'),
  description: (site, tab) => `${site}${tab ?? '师资资源'}：院内外专家学者的研究方向、简介与主讲课程。`,
  crumbs: (tab) => [
    { name: '师资资源', href: '/teacher/index' },
    ...(tab && tab !== '全部师资' ? [{ name: tab }] : []),
  ],
};

export const LIVE_INDEX: SimpleListSpec = {
  route: '/live/index',
  call: '/api/live/list',
  kind: 'live',
  tags: [],
  pageSize: LIST_PAGE_SIZE,
  tabs: {
    param: 'status',
    field: 'status',
    options: [
      { value: undefined, label: '全部', bodyValue: undefined },
      { value: 'live', label: '直播中', bodyValue: 'live' },
      { value: 'upcoming', label: '即将开始', bodyValue: 'upcoming' },
      { value: 'ended', label: '精彩回放', bodyValue: 'ended' },
    ],
  },
  title: () => '直播课堂',
  description: (site) => `${site}直播课堂：正在直播、即将开始的直播课和可回放的录播课，观看回放同样计入学时。`,
  crumbs: (tab) => [{ name: '直播课堂', href: '/live/index' }, ...(tab && tab !== '全部' ? [{ name: tab }] : [])],
};

const noticeSwitch = (news: boolean) => [
  { href: '/notice/news', label: '新闻动态', active: news },
  { href: '/notice/index', label: '通知公告', active: !news },
];

export const NEWS_INDEX: SimpleListSpec = {
  route: '/notice/news',
  call: '/api/mtTrainnews/list',
  kind: 'news',
  tags: [TAGS.news],
  pageSize: NEWS_PAGE_SIZE,
  title: () => '新闻动态',
  description: (site) => `${site}新闻动态：继续教育、党建活动、学术报告与培训项目的最新消息。`,
  crumbs: () => [{ name: '新闻公告', href: '/notice/news' }, { name: '新闻动态' }],
  switcher: noticeSwitch(true),
};

export const NOTICE_INDEX: SimpleListSpec = {
  route: '/notice/index',
  call: '/api/msgMessageinfo/list',
  kind: 'notice',
  tags: [TAGS.news],
  pageSize: NEWS_PAGE_SIZE,
  title: () => '通知公告',
  description: (site) => `${site}通知公告：培训报名、学时认定、考试安排等通知。`,
  crumbs: () => [{ name: '新闻公告', href: '/notice/news' }, { name: '通知公告' }],
  switcher: noticeSwitch(false),
};
