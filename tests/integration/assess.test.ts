/**
 * Training assessment (/assess): "对您参加过的培训项目" — the list offers only the projects the learner took part in
 * (approved) that have started, and the server refuses a direct save for one that has not started yet.
 */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators, trainApplications, trains } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import type { AssessItem } from '@/lib/contract/spaces';
import { MSG_ASSESS_NOT_MINE, MSG_ASSESS_NOT_STARTED } from '@/lib/contract/spaces';

const { call } = testClient();
const DAY = 86_400_000;
const scores = { content: 5, teacher: 4, organisation: 5 };

afterAll(() => closeDb());

describe('training assessment: only projects the learner took part in that have started', () => {
  it('leaves out a future project the learner was approved for, and refuses to save its assessment', async () => {
    const d = await db();
    const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
    const token = await createSession(op.id);
    const now = Date.now();
    const [future] = await d
      .insert(trains)
      .values({
        title: '尚未开班的测试培训',
        type: 5001,
        startAt: new Date(now + 5 * DAY),
        endAt: new Date(now + 6 * DAY),
      })
      .returning({ id: trains.id });
    const [running] = await d
      .insert(trains)
      .values({ title: '正在进行的测试培训', type: 5001, startAt: new Date(now - DAY), endAt: new Date(now + DAY) })
      .returning({ id: trains.id });
    await d.insert(trainApplications).values([
      { trainId: future.id, operatorId: op.id, status: 7, createdAt: new Date(now - 2 * DAY) },
      { trainId: running.id, operatorId: op.id, status: 7, createdAt: new Date(now - 2 * DAY) },
    ]);

    const list = (await call('/api/assess/list', {}, { token })).data as AssessItem[];
    expect(list.map((i) => i.trainId)).toContain(running.id);
    expect(list.map((i) => i.trainId)).not.toContain(future.id);
    expect(list.every((i) => new Date(i.startAt).getTime() <= Date.now())).toBe(true);

    const refused = await call('/api/assess/save', { trainId: future.id, scores, comment: '' }, { token });
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toBe(MSG_ASSESS_NOT_STARTED);
    expect(refused.msg).toBe('培训尚未开始，暂不能评估');

    expect((await call('/api/assess/save', { trainId: running.id, scores, comment: '' }, { token })).code).toBe(0);
    const other = await createSession(
      (await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, 'newbie')))[0].id,
    );
    expect((await call('/api/assess/save', { trainId: running.id, scores, comment: '' }, { token: other })).msg).toBe(
      MSG_ASSESS_NOT_MINE,
    );
  });
});
