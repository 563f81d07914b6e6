/**
 * Every endpoint of the spaces domain (issue 6 point 7): bad input gets a non-zero code and a Chinese
 * message, never a server error; writes need a session.
 */
import { eq } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { SPACES_ENDPOINTS } from '@/lib/server/endpoints/spaces';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { Site } from '@/lib/variants';

const main: Site = { variant: 'main', dx: false };
const paths = Object.keys(SPACES_ENDPOINTS);
let token: string;
beforeAll(async () => {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, 'teacher'));
  token = await createSession(op.id);
}, 120_000);
afterAll(() => closeDb());

const chinese = /[\u4e00-\u9fa5]/;

/** A well-formed body per endpoint (validation runs before the session check). */
const VALID: Record<string, unknown> = {
  '/api/space/follow': { kind: 'teacher', id: 1 },
  '/api/space/unfollow': { kind: 'teacher', id: 1 },
  '/api/space/privacy/save': { showCreated: true, showStudied: true, showFollows: true, showFans: true },
  '/api/space/top/save': { itemType: 'course', itemId: 1, top: true },
  '/api/comment/save': { kind: 'teacher', id: 1, content: '好' },
  '/api/comment/remove': { id: 1 },
  '/api/resourceFile/progress': { fileMd5: 'a'.repeat(32), fileSize: 1, fileName: 'a.mp4', chunkSize: 65536 },
  '/api/resourceFile/updateBasic': { title: '课程', categoryCode: 301 },
  '/api/resourceFile/getBasic': { courseId: 1 },
  '/api/resourceFile/saveChapter': { courseId: 1, title: '章节', fileId: 1 },
  '/api/resourceFile/removeChapter': { chapterId: 1 },
  '/api/resourceFile/submit': { courseId: 1 },
  '/api/resourceFile/removeCourse': { courseId: 1 },
  '/api/course/audit': { courseId: 1, auditStatus: 1052 },
  '/api/assess/save': { trainId: 1, scores: { content: 5, teacher: 5, organisation: 5 } },
};

describe.each(paths)('%s', (path) => {
  it('refuses a body that is not an object, in Chinese', async () => {
    const res = await callEndpoint(path, 'garbage', { token, site: main });
    expect(res.code).not.toBe(0);
    expect(res.code).not.toBe(1500);
    expect(res.msg).toMatch(chinese);
  });

  it('refuses wrong types in every field, in Chinese, or ignores fields it does not take', async () => {
    const res = await callEndpoint(
      path,
      {
        kind: 7,
        id: 'x',
        courseId: -1,
        chapterId: 'a',
        fileId: 0,
        fileMd5: 'zz',
        title: 3,
        content: [],
        showFans: 'no',
        trainId: null,
      },
      { token, site: main },
    );
    expect(res.code).not.toBe(1500);
    if (res.code !== 0) expect(res.msg).toMatch(chinese);
  });

  it(`needs a session when it writes or is personal (${SPACES_ENDPOINTS[path].auth})`, async () => {
    if (SPACES_ENDPOINTS[path].auth !== 'user') return;
    const res = await callEndpoint(path, VALID[path] ?? {}, { token: null, site: main });
    expect(res.code).toBe(CODE_SESSION_NONE);
  });
});
