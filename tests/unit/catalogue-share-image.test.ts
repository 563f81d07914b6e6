/**
 * Share images (QA: og:image named the SVG covers, which WeChat, Weibo and Open Graph readers do not show): a demo
 * cover is shared as its 1200x675 PNG, an uploaded picture as itself, any other SVG not at all; every demo cover
 * has its PNG (scripts/share-images.mjs).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pageMetadata, shareImage } from '@/lib/catalogue/server';

jest.mock('server-only', () => ({}));

const origin = 'http://party.localhost:3000';

it('a demo cover is shared as its PNG, an uploaded picture as itself, another SVG not at all', () => {
  expect(shareImage('/covers/cover-12.svg', origin)).toEqual({
    url: `${origin}/covers/share/cover-12.png`,
    width: 1200,
    height: 675,
  });
  expect(shareImage('/api/resourceFile/file/ab12.png', origin)).toEqual({
    url: `${origin}/api/resourceFile/file/ab12.png`,
  });
  expect(shareImage('/logos/main.svg', origin)).toBeNull();
  expect(shareImage(undefined, origin)).toBeNull();
});

it("a page's Open Graph image is the share image", () => {
  const meta = pageMetadata({
    title: '课程',
    description: '简介',
    canonical: '/course/detail?id=5',
    origin,
    siteName: '党员学习平台',
    image: '/covers/cover-03.svg',
  });
  expect(meta.openGraph?.images).toEqual([{ url: `${origin}/covers/share/cover-03.png`, width: 1200, height: 675 }]);
});

it('every demo cover has its share image', () => {
  const dir = path.join(process.cwd(), 'public', 'covers');
  const covers = readdirSync(dir).filter((f) => f.endsWith('.svg'));
  expect(covers.length).toBeGreaterThan(0);
  expect(covers.filter((f) => !existsSync(path.join(dir, 'share', f.replace(/\.svg$/, '.png'))))).toEqual([]);
});
