/**
 * The player's title (QA: /courseView without a course, or with one that does not exist, answered 404 but was
 * titled 课程学习 like a working player): the course's title, or 页面不存在 as the other 404s. The course reaches the
 * cached page as the path segment the proxy writes from the address's query.
 */
import { courseViewMetadata } from '@/components/player/CourseViewPage';
import { querySegment } from '@/lib/variants/catalogue-paths';
import { CODE_NOT_FOUND } from '@/lib/server/errors';
import { ApiError } from '@/lib/api/core';

jest.mock('server-only', () => ({}));
const request = jest.fn(async (_path: string, body: { courseId: number }) => {
  if (body.courseId === 5) return { id: 5, title: '科研诚信与学术规范', chapters: [] };
  throw new ApiError('/api/course/view', CODE_NOT_FOUND, '课程不存在或未发布', null);
});
jest.mock('@/lib/api/server', () => ({ serverApi: () => ({ request }) }));

const meta = (search: Record<string, string>) => {
  const seg = querySegment('/courseView', new URLSearchParams(search));
  return courseViewMetadata(Promise.resolve({ variant: 'party', q: seg ? [seg] : undefined }));
};

it('names the course being studied, asked for by ?courseId= or ?id=', async () => {
  expect((await meta({ courseId: '5' })).title).toBe('科研诚信与学术规范 - 课程学习');
  expect((await meta({ id: '5', batch: '1' })).title).toBe('科研诚信与学术规范 - 课程学习');
});

it('is titled 页面不存在 for no course, a course that is not there, or a malformed id', async () => {
  const searches: Record<string, string>[] = [{}, { courseId: '999999' }, { courseId: 'abc' }];
  for (const search of searches) expect((await meta(search)).title).toBe('页面不存在');
});
