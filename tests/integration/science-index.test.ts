/**
 * SPEC 7 science-platform index (/api/science/index): the student platform's name and logo, the platform detail's
 * home and study images parsed safely, and each course category with the number of courses the host lists.
 */
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { siteSettings } from '@/lib/server/db/schema';
import type { CallResult } from '@/lib/server/http/dispatch';
import { testClient } from '../support/client';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { ScienceIndex } from '@/lib/contract/home';
import type { Page } from '@/lib/contract/catalogue';
import type { Site } from '@/lib/variants';

const student: Site = { variant: 'student', dx: false };
const { call } = testClient({ site: student, ip: '10.0.26.2' });
const ok = <T>(res: CallResult): T => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as T;
};

afterAll(() => closeDb());

describe('/api/science/index', () => {
  it('names the platform and counts its courses per category as /api/course/list does', async () => {
    const index = ok<ScienceIndex>(await call('/api/science/index', {}));
    expect(index.siteName).toBe('研究生科学教育平台');
    expect(index.stuLogo).toMatch(/^\//);
    expect(index.categories.map((c) => c.code)).toEqual(COURSE_CATEGORIES.map((c) => c.code));
    for (const c of index.categories) {
      const list = ok<Page<unknown>>(await call('/api/course/list', { categoryCode: c.code, pageSize: 1 }));
      expect(c.count).toBe(list.total);
    }
    const all = ok<Page<unknown>>(await call('/api/course/list', { pageSize: 1 }));
    expect(index.courseCount).toBe(all.total);
    expect(index.courseCount).toBeGreaterThan(0);
  });

  it('gives the home and study images of the platform detail as addresses', async () => {
    const index = ok<ScienceIndex>(await call('/api/science/index', {}));
    expect(index.home).toEqual({ background: '/banners/banner-3.svg', document: '/banners/banner-4.svg' });
    expect(index.study).toEqual({ background: '/banners/banner-1.svg', document: '/banners/banner-2.svg' });
  });

  it('drops an unsafe or malformed stored value, and is left as found', async () => {
    const d = await db();
    const [row] = await d.select().from(siteSettings).where(eq(siteSettings.key, 'platformDetail'));
    try {
      await d
        .update(siteSettings)
        .set({
          value: {
            studyImage: 'not json',
            homeImage: JSON.stringify({ background: 'javascript:alert(1)', document: '/ok.png' }),
          },
        })
        .where(eq(siteSettings.key, 'platformDetail'));
      const index = ok<ScienceIndex>(await call('/api/science/index', {}));
      expect(index.home).toEqual({ background: '', document: '/ok.png' });
      expect(index.study).toEqual({ background: '', document: '' });
    } finally {
      await d.update(siteSettings).set({ value: row.value }).where(eq(siteSettings.key, 'platformDetail'));
    }
  });
});
