/** sitemap.xml per host, split into parts when large, and robots.txt (issue 4 point 3). */
import { closeDb, getDbHandle } from '@/lib/server/db';
import { robotsTxt, sitemapPart, sitemapXml } from '@/lib/catalogue/sitemap';
import { VARIANTS, type Site } from '@/lib/variants';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { platformPath } from '@/lib/api/core';

const main: Site = { variant: 'main', dx: false };
const student: Site = { variant: 'student', dx: false };
const partySchool: Site = { variant: 'partySchool', dx: true };

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

  it('lists teacher pages, live classes and teacher spaces where the host has them (they answer with their own canonical URLs)', async () => {
    const xml = await sitemapXml(main);
    for (const path of ['/teacher/detail', '/live/detail', '/space/teacher'])
      expect(xml).toMatch(new RegExp(`<loc>http://localhost:\\d+${path.replace(/\//g, '\\/')}\\?id=\\d+</loc>`));
    const teachers = [...xml.matchAll(/\/teacher\/detail\?id=(\d+)</g)].map((m) => m[1]);
    const spaces = [...xml.matchAll(/\/space\/teacher\?id=(\d+)</g)].map((m) => m[1]);
    expect(spaces).toEqual(teachers);
    for (const site of [student, partySchool]) {
      const other = await sitemapXml(site);
      expect(other).toMatch(/\/teacher\/detail\?id=\d+</);
      expect(other).toMatch(/\/space\/teacher\?id=\d+</);
      expect(other).not.toContain('/live/');
      // Each teacher listed has its page on that host.
      for (const [, id] of other.matchAll(/\/teacher\/detail\?id=(\d+)</g)) {
        const res = await callEndpoint(
          platformPath('/api/tchrBaseinfo/detail', VARIANTS[site.variant].platform),
          { id: Number(id) },
          { token: null, site },
        );
        expect([id, res.code]).toEqual([id, 0]);
      }
    }
    expect(await sitemapPart(student, 'live-1.xml', 100)).toBeNull();
    expect(await sitemapPart(main, 'space-1.xml', 100)).toContain('/space/teacher?id=');
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
    for (const p of ['/policy/index', '/personal/index', '/space/creation', '/courseView', '/api/'])
      expect(txt).toContain(`Disallow: ${p}`);
    expect(txt).not.toContain('Disallow: /course/detail\n');
  });

  it("each learner's own exams and assessments are kept out; the new-employee training is listed", async () => {
    // QA: /exam and /assess (per learner; a visitor's copy is a sign-in prompt) were open to crawlers and /newEmployee/Train was in no sitemap.
    const txt = robotsTxt(main);
    for (const p of ['/exam', '/assess']) expect(txt).toMatch(new RegExp(`^Disallow: ${p}$`, 'm'));
    const xml = await sitemapXml(main, 5000);
    expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/newEmployee\/Train<\/loc>/);
  });
});
