/** sitemap.xml per host, split into parts when large, and robots.txt (issue 4 point 3). */
import { closeDb, getDbHandle } from '@/lib/server/db';
import { robotsTxt, sitemapPart, sitemapXml } from '@/lib/catalogue/sitemap';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
const student: Site = { variant: 'student', dx: false };

beforeAll(async () => {
  await getDbHandle();
}, 120_000);
afterAll(() => closeDb());

describe('sitemaps', () => {
  it('a small site gets one urlset of its list pages and public details', async () => {
    const xml = await sitemapXml(main);
    expect(xml).toContain('<urlset');
    expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/course\/index\?t=301<\/loc>/);
    expect(xml).toMatch(/\/notice\/newsDetail\?id=\d+/);
    expect(xml).not.toMatch(/policy|personal|search/);
  });

  it('the student host lists only its own route set', async () => {
    const xml = await sitemapXml(student);
    expect(xml).toContain('http://stu.localhost');
    expect(xml).not.toContain('/live/');
    expect(xml).not.toContain('/rank/index');
  });

  it('a large site gets an index of parts, each a urlset', async () => {
    const index = await sitemapXml(main, 100);
    expect(index).toContain('<sitemapindex');
    const parts = [...index.matchAll(/<loc>[^<]+\/sitemap\/([a-z]+-\d+\.xml)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toContain('pages-1.xml');
    expect(parts).toContain('course-2.xml');
    const part = await sitemapPart(main, 'course-2.xml', 100);
    expect(part).toContain('<urlset');
    expect((part!.match(/<url>/g) ?? []).length).toBe(100);
    expect(await sitemapPart(main, 'course-999.xml', 100)).toBeNull();
    expect(await sitemapPart(main, 'policy-1.xml', 100)).toBeNull();
    expect(await sitemapPart(main, '../etc.xml', 100)).toBeNull();
  });

  it('robots.txt points to the sitemap and keeps login-only pages out', () => {
    const txt = robotsTxt(main);
    expect(txt).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
    for (const p of ['/policy/index', '/personal/index', '/space/creation', '/courseView', '/api/']) expect(txt).toContain(`Disallow: ${p}`);
    expect(txt).not.toContain('Disallow: /course/detail\n');
  });
});
