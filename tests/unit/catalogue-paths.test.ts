import { intParam, parseQuerySegment, querySegment } from '@/lib/variants/catalogue-paths';
import { decide } from '@/lib/variants/decide';

const visit = (host: string, pathname: string, search = '') => decide({ host, pathname, search, hasSession: false, identity: null });

describe('query parameters of public pages as cacheable path segments (DESIGN 3)', () => {
  it('keeps only the selecting parameters, in a fixed order, page 1 left out', () => {
    expect(querySegment('/course/index', new URLSearchParams('page=2&utm=x&t=301'))).toBe('t-301_page-2');
    expect(querySegment('/course/index', new URLSearchParams('t=301&page=1'))).toBe('t-301');
    expect(querySegment('/course/detail', new URLSearchParams('id=5&from=home'))).toBe('id-5');
    expect(querySegment('/course/index', new URLSearchParams('t=<script>&page=../../x'))).toBe('');
    expect(querySegment('/personal/index', new URLSearchParams('id=5'))).toBe('');
  });

  it('round-trips through the page params', () => {
    const seg = querySegment('/train/index', new URLSearchParams('t=5001&month=11&year=2026&status=1&page=3'));
    expect(seg).toBe('t-5001_year-2026_month-11_status-1_page-3');
    expect(parseQuerySegment([seg])).toEqual({ t: '5001', year: '2026', month: '11', status: '1', page: '3' });
    expect(parseQuerySegment(undefined)).toEqual({});
    expect(intParam({ page: '0' }, 'page')).toBeUndefined();
    expect(intParam({ page: '12' }, 'page')).toBe(12);
  });

  it('the proxy rewrites lists and details per site', () => {
    expect(visit('localhost', '/course/detail', '?id=7')).toEqual({ kind: 'rewrite', path: '/main/course/detail/id-7' });
    expect(visit('stu.localhost', '/train/index', '?t=5002&page=2')).toEqual({ kind: 'rewrite', path: '/student/train/index/t-5002_page-2' });
    expect(visit('dangxiao.localhost', '/notice/news')).toEqual({ kind: 'rewrite', path: '/partySchool.dx/notice/news' });
    expect(visit('localhost', '/policy/index', '?t=1')).toEqual({ kind: 'redirect', location: '/home?login=1&redirect=%2Fpolicy%2Findex%3Ft%3D1' });
  });
});
