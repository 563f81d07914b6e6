/** 选学 and the learner's state in a course (/api/course/choose, /api/course/state), shared by catalogue and player. */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { courses, operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import { MSG_SERIES_COURSE_NOT_FOUND } from '@/lib/contract/series-admin';

const { call } = testClient();

async function loginAs(userId: string): Promise<string> {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

afterAll(() => closeDb());

describe('/api/course/choose and /api/course/state', () => {
  it('a visitor is on trial and cannot choose', async () => {
    const state = await call('/api/course/state', { courseId: 1 });
    expect(state.code).toBe(0);
    expect(state.data).toMatchObject({ courseId: 1, chosen: false, progress: 0 });
    expect((await call('/api/course/choose', { courseId: 1 })).code).toBe(CODE_SESSION_NONE);
  });

  it('choosing is idempotent and counts the learner once', async () => {
    const token = await loginAs('newbie');
    const d = await db();
    const [{ id }] = await d.select({ id: courses.id }).from(courses).where(eq(courses.auditStatus, 1052)).limit(1);
    const [before] = await d.select({ n: courses.studyCount }).from(courses).where(eq(courses.id, id));
    const first = await call('/api/course/choose', { courseId: id }, { token });
    expect(first.code).toBe(0);
    expect(first.data).toMatchObject({ chosen: true, courseId: id });
    expect((await call('/api/course/choose', { courseId: id }, { token })).code).toBe(0);
    const [after] = await d.select({ n: courses.studyCount }).from(courses).where(eq(courses.id, id));
    expect(after.n).toBe(before.n + 1);
    expect((await call('/api/course/state', { courseId: id }, { token })).data).toMatchObject({ chosen: true });
  });

  it('refuses unknown courses and bad ids with a Chinese message', async () => {
    const token = await loginAs('newbie');
    const unknown = await call('/api/course/choose', { courseId: 999999 }, { token });
    expect(unknown.code).not.toBe(0);
    expect(unknown.msg).toBe(MSG_SERIES_COURSE_NOT_FOUND);
    const bad = await call('/api/course/choose', { courseId: -3 }, { token });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
