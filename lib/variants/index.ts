/**
 * The variant table (docs/design.md §3): one entry per audience. Only proxy.ts looks at the host;
 * everything else receives the site key that the proxy put into the path.
 */
import { COURSE_CATEGORIES, POLICY_TYPES, TEACHER_TYPES, TRAIN_TYPES } from '@/lib/constants';
import { DEFAULT_ROUTES, PARTY_SCHOOL_ROUTES, STUDENT_ROUTES, type RouteInfo } from './routes';

export type VariantKey = 'main' | 'party' | 'student' | 'partySchool' | 'column';
export const VARIANT_KEYS: readonly VariantKey[] = ['main', 'party', 'student', 'partySchool', 'column'];

/** Audience tags that content is published to. */
export type Audience = 'general' | 'party' | 'student';

export interface MenuItem {
  label: string;
  href: string;
  /** Visitors get a login prompt instead of the page (SPEC 2.3: notice entry, policy pages). */
  promptLogin?: boolean;
  children?: MenuItem[];
}

export type TrainFilter = 'form' | 'category' | 'source' | 'type' | 'month' | 'status';

export interface Variant {
  key: VariantKey;
  isStu: boolean;
  isCommunist: boolean;
  /** SPEC 1: uses the /api/platform/ endpoints. */
  platform: boolean;
  title: string;
  /** Title in dx mode (SPEC 1). */
  dxTitle: string;
  shortTitle: string;
  logo: string;
  /** Where `/` goes. */
  home: string;
  routes: readonly RouteInfo[];
  menu: MenuItem[];
  trainFilters: readonly TrainFilter[];
  /** Content audiences shown, the first one ranked first. */
  audiences: readonly Audience[];
}

const courseChildren = (codes: readonly number[] = COURSE_CATEGORIES.map((c) => c.code)): MenuItem[] =>
  COURSE_CATEGORIES.filter((c) => codes.includes(c.code)).map((c) => ({
    label: c.name,
    href: `/course/index?t=${c.code}`,
  }));
const trainChildren: MenuItem[] = TRAIN_TYPES.map((t) => ({ label: t.name, href: `/train/index?t=${t.code}` }));
const teacherChildren: MenuItem[] = TEACHER_TYPES.map((t) => ({ label: t.name, href: `/teacher/index?t=${t.code}` }));
const policyChildren: MenuItem[] = POLICY_TYPES.map((t) => ({
  label: t.name,
  href: `/policy/index?t=${t.code}`,
  promptLogin: true,
}));
const noticeEntry: MenuItem = {
  label: '新闻公告',
  href: '/notice/news',
  promptLogin: true,
  children: [
    { label: '新闻', href: '/notice/news', promptLogin: true },
    { label: '公告', href: '/notice/index', promptLogin: true },
  ],
};

/** SPEC 2.1 marks /live/index hidden: it is reached from the home page's live module and its 更多, not the menu. */
const defaultMenu: MenuItem[] = [
  { label: '首页', href: '/home' },
  noticeEntry,
  { label: '课程资源', href: '/course/index', children: courseChildren() },
  { label: '系列专题', href: '/series/index' },
  { label: '培训项目', href: '/train/index', children: trainChildren },
  { label: '师资资源', href: '/teacher/index', children: teacherChildren },
  { label: '政策制度', href: '/policy/index', promptLogin: true, children: policyChildren },
  { label: '考试信息', href: '/exam' },
];

const ALL_TRAIN_FILTERS: readonly TrainFilter[] = ['form', 'category', 'source', 'type', 'month', 'status'];

export const VARIANTS: Readonly<Record<VariantKey, Variant>> = {
  main: {
    key: 'main',
    isStu: false,
    isCommunist: false,
    platform: false,
    title: '继续教育网络学院',
    dxTitle: '干部教育网络学院',
    shortTitle: '网络学院',
    logo: '/logos/main.svg',
    home: '/home',
    routes: DEFAULT_ROUTES,
    menu: defaultMenu,
    trainFilters: ALL_TRAIN_FILTERS,
    audiences: ['general', 'party', 'student'],
  },
  party: {
    key: 'party',
    isStu: false,
    isCommunist: true,
    platform: false,
    title: '党员网络学习平台',
    dxTitle: '党员干部网络学习平台',
    shortTitle: '党员学习',
    logo: '/logos/party.svg',
    home: '/home',
    routes: DEFAULT_ROUTES,
    menu: defaultMenu,
    trainFilters: ALL_TRAIN_FILTERS,
    audiences: ['party', 'general'],
  },
  student: {
    key: 'student',
    isStu: true,
    isCommunist: false,
    platform: false,
    title: '研究生科学教育平台',
    dxTitle: '研究生科学教育平台',
    shortTitle: '科学教育',
    logo: '/logos/student.svg',
    home: '/course/index',
    routes: STUDENT_ROUTES,
    menu: [
      { label: '首页', href: '/home' },
      { label: '课程资源', href: '/course/index', children: courseChildren() },
      { label: '系列专题', href: '/series/index' },
      { label: '培训项目', href: '/train/index', children: trainChildren },
      { label: '组织空间', href: '/space/organization' },
    ],
    trainFilters: ['form', 'month', 'status'],
    audiences: ['student', 'general'],
  },
  partySchool: {
    key: 'partySchool',
    isStu: false,
    isCommunist: true,
    platform: true,
    title: '党校干部教学服务平台',
    dxTitle: '党校干部网络教学平台',
    shortTitle: '党校教学',
    logo: '/logos/partySchool.svg',
    home: '/home',
    routes: PARTY_SCHOOL_ROUTES,
    menu: [
      { label: '首页', href: '/home' },
      { label: COURSE_CATEGORIES[0].name, href: `/course/index?t=${COURSE_CATEGORIES[0].code}` },
      { label: '系列专题', href: '/series/index' },
      { label: '培训项目', href: '/train/index', children: trainChildren },
      { label: '政策制度', href: '/policy/index', promptLogin: true, children: policyChildren },
    ],
    trainFilters: ['category', 'type', 'month', 'status'],
    audiences: ['party', 'general'],
  },
  column: {
    key: 'column',
    isStu: false,
    isCommunist: false,
    platform: true,
    title: '继续教育专题栏目',
    dxTitle: '干部教育专题栏目',
    shortTitle: '专题栏目',
    logo: '/logos/main.svg',
    home: '/home',
    routes: DEFAULT_ROUTES,
    menu: defaultMenu,
    trainFilters: ALL_TRAIN_FILTERS,
    audiences: ['general', 'party', 'student'],
  },
};

/** What the proxy puts into the path: the variant, and whether the host runs in dx mode. */
export interface Site {
  variant: VariantKey;
  dx: boolean;
}

const DEFAULT_HOSTS =
  'localhost=main,party.localhost=party,stu.localhost=student,dangxiao.localhost=partySchool:dx,column.localhost=column';

export interface HostRule {
  pattern: string;
  site: Site;
}

/**
 * Parses PORTAL_HOSTS: comma-separated `host=variant[:dx]`; a host may start with `*.` to match
 * any subdomain. Unknown variant names are skipped (and reported by the caller's tests).
 */
export function parseHostRules(spec: string | undefined): HostRule[] {
  const rules: HostRule[] = [];
  for (const part of (spec?.trim() ? spec : DEFAULT_HOSTS).split(',')) {
    const [host, value] = part.split('=').map((s) => s?.trim().toLowerCase());
    if (!host || !value) continue;
    const [name, flag] = value.split(':');
    const variant = VARIANT_KEYS.find((k) => k.toLowerCase() === name);
    if (!variant) continue;
    rules.push({ pattern: host, site: { variant, dx: flag === 'dx' } });
  }
  return rules;
}

let cachedRules: { spec: string | undefined; rules: HostRule[] } | undefined;
function hostRules(): HostRule[] {
  const spec = process.env.PORTAL_HOSTS;
  if (!cachedRules || cachedRules.spec !== spec) cachedRules = { spec, rules: parseHostRules(spec) };
  return cachedRules.rules;
}

/** Host header (with or without port) -> site. Unknown hosts are served as the main site. */
export function siteForHost(hostHeader: string | null | undefined, rules: HostRule[] = hostRules()): Site {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  for (const rule of rules) {
    if (rule.pattern === host) return rule.site;
  }
  for (const rule of rules) {
    if (rule.pattern.startsWith('*.') && host.endsWith(rule.pattern.slice(1))) return rule.site;
  }
  return { variant: 'main', dx: false };
}

/** The path segment that carries the site: `main`, `partySchool.dx`. */
export function siteSegment(site: Site): string {
  return site.dx ? `${site.variant}.dx` : site.variant;
}

export function parseSiteSegment(segment: string): Site | null {
  const [name, flag, extra] = decodeURIComponent(segment).split('.');
  if (extra !== undefined || (flag !== undefined && flag !== 'dx')) return null;
  const variant = VARIANT_KEYS.find((k) => k === name);
  return variant ? { variant, dx: flag === 'dx' } : null;
}

export function variantOf(site: Site): Variant {
  return VARIANTS[site.variant];
}

export function siteTitle(site: Site): string {
  const v = VARIANTS[site.variant];
  return site.dx ? v.dxTitle : v.title;
}

export function findRoute(variant: Variant, pathname: string): RouteInfo | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return variant.routes.find((x) => x.path === path);
}

/** Every site segment that can appear in a path, for static params and sitemaps. */
export const ALL_SITE_SEGMENTS: readonly string[] = VARIANT_KEYS.flatMap((k) => [k, `${k}.dx`]);

export type { RouteInfo };

/** The host a variant answers on by default: the first default rule naming it. */
function defaultHostOf(variant: VariantKey): string {
  return parseHostRules(undefined).find((r) => r.site.variant === variant)?.pattern ?? 'localhost';
}

/**
 * The public origin of a site, for canonical URLs and sitemaps: PORTAL_ORIGINS
 * (`main=https://edu.example.cn,party=https://party.example.cn`), else the default host on PORT.
 */
export function siteOrigin(site: Site): string {
  for (const part of (process.env.PORTAL_ORIGINS ?? '').split(',')) {
    const [name, origin] = part.split('=').map((s) => s?.trim());
    if (name === site.variant && origin) return origin.replace(/\/+$/, '');
  }
  return `http://${defaultHostOf(site.variant)}:${process.env.PORT || 3000}`;
}
