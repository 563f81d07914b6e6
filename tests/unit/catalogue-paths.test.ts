import { intParam, parseQuerySegment, querySegment } from '@/lib/variants/catalogue-paths';
import { decide } from '@/lib/variants/decide';

const visit = (host: string, pathname: string, search = '') =>
  decide({ host, pathname, search, hasSession: false, identity: null });

describe('query parameters of public pages as cacheable path segments (docs/design.md §3)', () => {
  it('keeps only the selecting parameters, in a fixed order, page 1 left out', () => {
    expect(querySegment('/course/index', new URLSearchParams('page=2&utm=x&t=301'))).toBe('t-301_page-2');
    expect(querySegment('/course/index', new URLSearchParams('t=301&page=1'))).toBe('t-301');
    expect(querySegment('/course/detail', new URLSearchParams('id=5&from=home'))).toBe('id-5');
    expect(querySegment('/course/index', new URLSearchParams('t=<script>&page=../../x'))).toBe('');
    expect(querySegment('/personal/index', new URLSearchParams('id=5'))).toBe('');
    expect(querySegment('/personal/index', new URLSearchParams('year=2025&tab=courses'))).toBe('tab-courses_year-2025');
    expect(querySegment('/exam', new URLSearchParams('id=5'))).toBe('');
  });

  it('round-trips through the page params', () => {
    const seg = querySegment('/train/index', new URLSearchParams('t=5001&month=11&year=2026&status=1&page=3'));
    expect(seg).toBe('t-5001_year-2026_month-11_status-1_page-3');
    expect(parseQuerySegment([seg])).toEqual({ t: '5001', year: '2026', month: '11', status: '1', page: '3' });
    expect(parseQuerySegment(undefined)).toEqual({});
    expect(intParam({ page: '0' }, 'page')).toBeUndefined();
    expect(intParam({ page: '12' }, 'page')).toBe(12);
  });

  it('carries the search keyword as the hex of its UTF-8, cut one character past the longest allowed', () => {
    const seg = querySegment('/search/index', new URLSearchParams('page=2&tab=course&key=%20科研%20&t=301&utm=x'));
    expect(seg).toBe('key-e7a791e7a094_tab-course_t-301_page-2');
    expect(parseQuerySegment([seg])).toEqual({ key: '科研', tab: 'course', t: '301', page: '2' });
    // blank: no keyword at all (the page asks for one)
    expect(querySegment('/search/index', new URLSearchParams('key=%20%20'))).toBe('');
    // _ - / and markup survive as bytes, never as segment syntax
    expect(parseQuerySegment([querySegment('/search/index', new URLSearchParams({ key: 'a_b-c/../<i>' }))])).toEqual({
      key: 'a_b-c/../<i>',
    });
    // too long: still too long for the page, but bounded
    const long = parseQuerySegment([querySegment('/search/index', new URLSearchParams({ key: '长'.repeat(500) }))]).key;
    expect([...long]).toHaveLength(51);
    // malformed hex or bytes that are not UTF-8 are dropped
    expect(parseQuerySegment(['key-e7a7'])).toEqual({});
    expect(parseQuerySegment(['key-zz'])).toEqual({});
    expect(parseQuerySegment(['key-7'])).toEqual({});
  });

  it('the proxy rewrites lists and details per site', () => {
    expect(visit('localhost', '/course/detail', '?id=7')).toEqual({
      kind: 'rewrite',
      path: '/main/course/detail/id-7',
    });
    expect(visit('stu.localhost', '/train/index', '?t=5002&page=2')).toEqual({
      kind: 'rewrite',
      path: '/student/train/index/t-5002_page-2',
    });
    expect(visit('dangxiao.localhost', '/notice/news')).toEqual({
      kind: 'rewrite',
      path: '/partySchool.dx/notice/news',
    });
    expect(visit('localhost', '/search/index', '?key=%E7%A7%91%E7%A0%94&tab=news')).toEqual({
      kind: 'rewrite',
      path: '/main/search/index/key-e7a791e7a094_tab-news',
    });
    expect(visit('localhost', '/search/index')).toEqual({ kind: 'rewrite', path: '/main/search/index' });
    expect(visit('localhost', '/policy/index', '?t=1')).toEqual({
      kind: 'redirect',
      location: '/home?login=1&redirect=%2Fpolicy%2Findex%3Ft%3D1',
    });
  });
});
