/** sitemap.xml and robots.txt of a host (issue 4 point 3), built from its route set and public content. */
import 'server-only';
import { serverApi } from '@/lib/api/server';
import { call, platformPath } from '@/lib/api/core';
import { TEACHER_TYPES, TRAIN_TYPES } from '@/lib/constants';
import { findRoute, siteOrigin, VARIANTS, type Site } from '@/lib/variants';
import { courseCategories } from './variant-rules';
import { SITEMAP_CHUNK, SITEMAP_KINDS, type SitemapKind } from './sitemap-rules';

interface Entry {
  path: string;
  lastModified: string | null;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function xmlResponse(body: string): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=600' },
  });
}

function urlset(origin: string, entries: Entry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      (e) =>
        `  <url><loc>${esc(origin + e.path)}</loc>${e.lastModified ? `<lastmod>${e.lastModified.slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;
}

/** The public list pages of the site's route set. */
function listPages(site: Site): Entry[] {
  const v = VARIANTS[site.variant];
  const has = (r: string) => !!findRoute(v, r);
  const out: string[] = [];
  if (has('/home')) out.push('/home');
  if (has('/course/index'))
    out.push(
      ...(v.key === 'partySchool' ? [] : ['/course/index']),
      ...courseCategories(v).map((c) => `/course/index?t=${c.code}`),
    );
  if (has('/series/index')) out.push('/series/index', '/series/class');
  if (has('/train/index')) out.push('/train/index', ...TRAIN_TYPES.map((t) => `/train/index?t=${t.code}`));
  if (has('/live/index')) out.push('/live/index');
  if (has('/teacher/index')) out.push('/teacher/index', ...TEACHER_TYPES.map((t) => `/teacher/index?t=${t.code}`));
  if (has('/notice/news')) out.push('/notice/news', '/notice/index');
  for (const r of [
    '/rank/index',
    '/newEmployee/Train',
    '/app/index',
    '/service/copyright',
    '/service/exemption',
    '/remark/index',
  ])
    if (has(r)) out.push(r);
  return out.map((path) => ({ path, lastModified: null }));
}

const DETAIL_ROUTE: Record<SitemapKind, string> = {
  course: '/course/detail',
  series: '/series/detail',
  train: '/train/detail',
  news: '/notice/newsDetail',
  notice: '/notice/noticeDetail',
  teacher: '/teacher/detail',
  live: '/live/detail',
  space: '/space/teacher',
};

function kindsOf(site: Site): SitemapKind[] {
  return SITEMAP_KINDS.filter((k) => !!findRoute(VARIANTS[site.variant], DETAIL_ROUTE[k]));
}

async function entries(site: Site, kind: SitemapKind, chunk: number, size: number): Promise<Entry[]> {
  return call(serverApi(site), platformPath('/api/sitemap/entries', VARIANTS[site.variant].platform), {
    kind,
    chunk,
    size,
  });
}

/** One urlset when the site is small; otherwise an index of `/sitemap/<kind>-<n>.xml` files. */
export async function sitemapXml(site: Site, chunkSize: number = SITEMAP_CHUNK): Promise<string> {
  const origin = siteOrigin(site);
  const kinds = kindsOf(site);
  const counts = await call(serverApi(site), platformPath('/api/sitemap/counts', VARIANTS[site.variant].platform), {
    kinds,
  });
  const lists = listPages(site);
  const total = lists.length + kinds.reduce((s, k) => s + (counts[k] ?? 0), 0);
  if (total <= chunkSize) {
    const all = [...lists, ...(await Promise.all(kinds.map((k) => entries(site, k, 1, chunkSize)))).flat()];
    return urlset(origin, all);
  }
  const files = [
    'pages-1',
    ...kinds.flatMap((k) => Array.from({ length: Math.ceil((counts[k] ?? 0) / chunkSize) }, (_, i) => `${k}-${i + 1}`)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `  <sitemap><loc>${esc(`${origin}/sitemap/${f}.xml`)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

/** `/sitemap/course-2.xml`; null when the file does not exist. */
export async function sitemapPart(site: Site, file: string, chunkSize: number = SITEMAP_CHUNK): Promise<string | null> {
  const m = /^([a-z]+)-(\d{1,4})\.xml$/.exec(file);
  if (!m) return null;
  const chunk = Number(m[2]);
  if (chunk < 1) return null;
  const origin = siteOrigin(site);
  if (m[1] === 'pages') return chunk === 1 ? urlset(origin, listPages(site)) : null;
  const kind = kindsOf(site).find((k) => k === m[1]);
  if (!kind) return null;
  const list = await entries(site, kind, chunk, chunkSize);
  return list.length ? urlset(origin, list) : null;
}

/** robots.txt: everything public is allowed; login-only and personal pages and the API are kept out. */
export function robotsTxt(site: Site): string {
  const v = VARIANTS[site.variant];
  const hidden = v.routes.filter((r) => r.login || r.personal).map((r) => r.path);
  return [
    'User-agent: *',
    'Allow: /',
    ...['/api/', '/modules/', ...hidden].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${siteOrigin(site)}/sitemap.xml`,
    '',
  ].join('\n');
}
