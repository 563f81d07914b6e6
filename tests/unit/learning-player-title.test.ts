/**
 * The player's title (QA: /courseView without a course, or with one that does not exist, answered 404 but was
 * titled 课程学习 like a working player): the course's title, or 页面不存在 as the other 404s.
 */
import { courseViewMetadata } from '@/components/player/CourseViewPage';

jest.mock('server-only', () => ({}));
const request = jest.fn(async (_path: string, body: { courseId: number }) => {
  if (body.courseId === 5) return { id: 5, title: '科研诚信与学术规范', chapters: [] };
  throw new Error('课程不存在或未发布');
});
jest.mock('@/lib/learning/server-api', () => ({ userApi: async () => ({ api: { request }, token: null }) }));

const meta = (search: Record<string, string>) => courseViewMetadata({ params: Promise.resolve({ variant: 'party' }), searchParams: Promise.resolve(search) });

it("names the course being studied", async () => {
  expect((await meta({ courseId: '5' })).title).toBe('科研诚信与学术规范 - 课程学习');
});

it('is titled 页面不存在 for no course, a course that is not there, or a malformed id', async () => {
  const searches: Record<string, string>[] = [{}, { courseId: '999999' }, { courseId: 'abc' }];
  for (const search of searches) expect((await meta(search)).title).toBe('页面不存在');
});
