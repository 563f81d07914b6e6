/** SPEC 3 platform detail images (studyImage, homeImage): JSON strings parsed safely (lib/catalogue/platform-images). */
import { parsePlatformImages, safeImageAddress } from '@/lib/catalogue/platform-images';

describe('parsePlatformImages', () => {
  it('reads the background and document addresses', () => {
    expect(parsePlatformImages('{"background":"/banners/banner-3.svg","document":"/banners/banner-4.svg"}')).toEqual({
      background: '/banners/banner-3.svg',
      document: '/banners/banner-4.svg',
    });
    expect(parsePlatformImages('{"background":" /a.png "}')).toEqual({ background: '/a.png', document: '' });
  });

  it('gives empty addresses for anything else: not JSON, not an object, missing or non-string fields', () => {
    const none = { background: '', document: '' };
    for (const v of ['', null, undefined, '{', 'null', '[]', '"x"', '42', '{}', '{"background":3,"document":{}}'])
      expect(parsePlatformImages(v)).toEqual(none);
  });

  it('refuses addresses off the site or able to break out of a CSS url()', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'https://cdn.example.cn/x.png',
      'x.png',
      '/a.png") ; background:url("/b',
      "/a'.png",
      '/a b.png',
      `/${'a'.repeat(2001)}`,
    ])
      expect(safeImageAddress(bad)).toBe('');
    expect(safeImageAddress('/uploads/x-1.png?v=2')).toBe('/uploads/x-1.png?v=2');
  });
});
