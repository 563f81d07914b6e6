import { ACADEMY_BASE_COUNT, NATIONAL_BASE_COUNT, SPECIAL_COLUMN_COUNT } from '@/lib/constants';
import {
  ACADEMY_BASES,
  contactLines,
  NATIONAL_BASES,
  otherSites,
  SPECIAL_COLUMNS,
  specialColumns,
} from '@/components/shell/footer-data';
import {
  findRoute,
  parseHostRules,
  parseSiteSegment,
  siteForHost,
  siteSegment,
  siteTitle,
  VARIANT_KEYS,
  VARIANTS,
} from '@/lib/variants';
import { DEFAULT_ROUTES } from '@/lib/variants/routes';
import { homeModules } from '@/lib/catalogue/home-modules';

describe('host -> variant (docs/design.md §3)', () => {
  const rules = parseHostRules(undefined);
  it.each([
    ['localhost:3000', 'main', false],
    ['LOCALHOST', 'main', false],
    ['party.localhost:3000', 'party', false],
    ['stu.localhost', 'student', false],
    ['dangxiao.localhost:3000', 'partySchool', true],
    ['column.localhost', 'column', false],
    ['unknown.example.org', 'main', false],
    ['', 'main', false],
  ])('%s -> %s', (host, variant, dx) => {
    expect(siteForHost(host, rules)).toEqual({ variant, dx });
  });

  it('PORTAL_HOSTS replaces the defaults, with wildcards and the dx flag', () => {
    const custom = parseHostRules(
      'party.example.cn=party, stu.example.cn=student,*.column.example.cn=column, dx.example.cn=main:dx, bad=nosuch',
    );
    expect(siteForHost('party.example.cn', custom)).toEqual({ variant: 'party', dx: false });
    expect(siteForHost('a.column.example.cn', custom)).toEqual({ variant: 'column', dx: false });
    expect(siteForHost('dx.example.cn:443', custom)).toEqual({ variant: 'main', dx: true });
    expect(siteForHost('party.localhost', custom)).toEqual({ variant: 'main', dx: false });
    expect(custom).toHaveLength(4);
  });

  it('reads PORTAL_HOSTS from the environment', () => {
    process.env.PORTAL_HOSTS = 'learn.example.cn=student';
    try {
      expect(siteForHost('learn.example.cn')).toEqual({ variant: 'student', dx: false });
    } finally {
      delete process.env.PORTAL_HOSTS;
    }
    expect(siteForHost('party.localhost')).toEqual({ variant: 'party', dx: false });
  });

  it('the site segment round-trips and rejects anything else', () => {
    expect(parseSiteSegment(siteSegment({ variant: 'partySchool', dx: true }))).toEqual({
      variant: 'partySchool',
      dx: true,
    });
    expect(parseSiteSegment('main')).toEqual({ variant: 'main', dx: false });
    expect(parseSiteSegment('main.xx')).toBeNull();
    expect(parseSiteSegment('nosuch')).toBeNull();
    expect(parseSiteSegment('main.dx.dx')).toBeNull();
  });
});

describe('the variant table', () => {
  it('flags: party isCommunist, student isStu, platform endpoints for party school and column', () => {
    expect(VARIANTS.party.isCommunist).toBe(true);
    expect(VARIANTS.student.isStu).toBe(true);
    expect(VARIANTS.main.isStu || VARIANTS.main.isCommunist).toBe(false);
    expect(VARIANTS.partySchool.platform && VARIANTS.column.platform).toBe(true);
    expect(VARIANTS.main.platform).toBe(false);
  });

  it('each variant has its own title, and dx mode changes it', () => {
    const titles = Object.values(VARIANTS).map((v) => v.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(siteTitle({ variant: 'partySchool', dx: true })).not.toBe(siteTitle({ variant: 'partySchool', dx: false }));
  });

  it('main has the whole default route set of SPEC 2.1', () => {
    for (const p of [
      '/home',
      '/notice/news',
      '/course/index',
      '/train/task',
      '/live/detail',
      '/space/creation',
      '/remark/index3',
      '/exam',
      '/qrCodePage/qrCode',
    ]) {
      expect(findRoute(VARIANTS.main, p)).toBeDefined();
    }
    expect(findRoute(VARIANTS.main, '/nope')).toBeUndefined();
    expect(findRoute(VARIANTS.main, '/course/index/')).toBeDefined();
  });

  it('the party-school set of SPEC 2.2 drops live, teacher list, app, exam, qrCode, remark 2-3', () => {
    const ps = VARIANTS.partySchool;
    for (const p of [
      '/live/index',
      '/teacher/index',
      '/app/index',
      '/exam',
      '/qrCodePage/qrCode',
      '/remark/index2',
      '/space/org',
    ]) {
      expect(findRoute(ps, p)).toBeUndefined();
    }
    for (const p of [
      '/course/detail',
      '/train/index',
      '/series/detail',
      '/space/teacher',
      '/space/creation',
      '/remark/index',
    ]) {
      expect(findRoute(ps, p)).toBeDefined();
    }
    expect(ps.menu.find((m) => m.href.startsWith('/course'))?.href).toBe('/course/index?t=301');
    expect(ps.trainFilters).not.toContain('form');
    expect(ps.trainFilters).not.toContain('source');
  });

  it('the student set sends / to /course/index and keeps form, month and status filters', () => {
    expect(VARIANTS.student.home).toBe('/course/index');
    expect(findRoute(VARIANTS.student, '/space/organization')).toBeDefined();
    expect(findRoute(VARIANTS.student, '/live/index')).toBeUndefined();
    expect([...VARIANTS.student.trainFilters].sort()).toEqual(['form', 'month', 'status']);
  });

  it('login-required routes are flagged (SPEC 2.3)', () => {
    const login = DEFAULT_ROUTES.filter((r) => r.login).map((r) => r.path);
    expect(login).toEqual(
      expect.arrayContaining(['/personal/index', '/space/creation', '/policy/index', '/policy/detail']),
    );
    expect(login).not.toContain('/home');
  });

  it('the notice entry and policy pages prompt a visitor to log in', () => {
    const notice = VARIANTS.main.menu.find((m) => m.label === '新闻公告');
    expect(notice?.promptLogin).toBe(true);
    expect(VARIANTS.main.menu.find((m) => m.href === '/policy/index')?.promptLogin).toBe(true);
  });

  it('直播课堂 is hidden from the menu (SPEC 2.1) but reachable from the home module and its 更多', () => {
    for (const key of VARIANT_KEYS) {
      const hrefs = VARIANTS[key].menu.flatMap((m) => [m.href, ...(m.children ?? []).map((c) => c.href)]);
      expect(hrefs.some((h) => h.startsWith('/live'))).toBe(false);
      expect(VARIANTS[key].menu.map((m) => m.label)).not.toContain('直播课堂');
    }
    expect(homeModules(VARIANTS.main)).toContain('live');
    expect(findRoute(VARIANTS.main, '/live/index')).toBeDefined();
  });

  it('home modules follow the route set: no live or teachers on the student and party-school hosts', () => {
    expect(homeModules(VARIANTS.main)).toEqual(expect.arrayContaining(['live', 'teacher', 'rankOperator']));
    expect(homeModules(VARIANTS.student)).not.toContain('live');
    expect(homeModules(VARIANTS.partySchool)).not.toContain('teacher');
  });
});

describe('footer (SPEC 1)', () => {
  it('lists 9 national-level and 7 academy-level bases and three special columns', () => {
    expect(NATIONAL_BASES).toHaveLength(NATIONAL_BASE_COUNT);
    expect(ACADEMY_BASES).toHaveLength(ACADEMY_BASE_COUNT);
    expect(SPECIAL_COLUMNS).toHaveLength(SPECIAL_COLUMN_COUNT);
  });

  it.each(VARIANT_KEYS)('%s: three special training columns, each a page of the host', (key) => {
    const columns = specialColumns(VARIANTS[key]);
    expect(columns).toHaveLength(SPECIAL_COLUMN_COUNT);
    for (const c of columns) expect(findRoute(VARIANTS[key], c.href.split('?')[0])).toBeDefined();
    expect(new Set(columns.map((c) => c.href)).size).toBe(SPECIAL_COLUMN_COUNT);
  });

  it('student and party-school hosts get the nearest training pages they have', () => {
    expect(specialColumns(VARIANTS.student).map((c) => c.label)).toEqual(['考试信息', '学术报告', '培训项目']);
    expect(specialColumns(VARIANTS.partySchool).map((c) => c.label)).toEqual([
      '新入职人员培训',
      '培训评估',
      '学术报告',
    ]);
    expect(specialColumns(VARIANTS.main).map((c) => c.label)).toEqual(['新入职人员培训', '培训评估', '考试信息']);
  });

  it('links no made-up address: other sites and the e-mail come from the configuration', () => {
    expect(otherSites('').every((s) => s.href === null)).toBe(true);
    expect(otherSites('').map((s) => s.label)).toEqual(['院门户网站', '院人事教育网', '院党建网']);
    expect(otherSites('院门户网站=https://www.cas.cn/,坏地址=javascript:alert(1)')).toEqual([
      { label: '院门户网站', href: 'https://www.cas.cn/' },
    ]);
    expect(contactLines('').join()).not.toMatch(/邮箱|example/);
    expect(contactLines('jxjy@cas.cn')).toContain('邮箱：jxjy@cas.cn');
  });
});
