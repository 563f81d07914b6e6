/**
 * Issue 6 point 4: new-employee series, training assessment, station-specific recommendations
 * (fed by the post-station binding of the accounts work, written here straight into operator_stations).
 */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { operators, operatorStations, stationCourses, stations } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type {
  AssessItem,
  NewEmployeeSeries,
  NewEmployeeSeriesDetail,
  StationRecommendation,
} from '@/lib/contract/spaces';
import { NEW_EMPLOYEE_SERIES_MISSING_MSG } from '@/lib/contract/spaces';

const { call, callRaw } = testClient();

async function account(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return { id: op.id, token: await createSession(op.id) };
}
afterAll(() => closeDb());

describe('new-employee series', () => {
  it('lists the series (required first) and opens one with its courses; unknown ids are refused', async () => {
    const list = (await call('/api/newEmployee/seriesList', {})).data as NewEmployeeSeries[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0].required).toBe(true);
    const detail = await call('/api/newEmployee/seriesDetail', { id: list[0].id });
    expect(detail.code).toBe(0);
    expect((detail.data as NewEmployeeSeriesDetail).courses.length).toBeGreaterThan(0);
    expect((await call('/api/newEmployee/seriesDetail', { id: 99999 })).msg).toBe(NEW_EMPLOYEE_SERIES_MISSING_MSG);
    expect((await callRaw('/api/newEmployee/seriesDetail', { id: 'x' })).msg).toMatch(/参数错误：id/);
  });
});

describe('training assessment', () => {
  it('the learner assesses a training they took part in; others are refused; scores 1-5 only', async () => {
    const learner = await account('learner');
    expect((await call('/api/assess/list', {})).code).toBe(CODE_SESSION_NONE);
    const list = (await call('/api/assess/list', {}, { token: learner.token })).data as AssessItem[];
    expect(list.length).toBeGreaterThan(0);
    const item = list[0];
    const saved = await call(
      '/api/assess/save',
      { trainId: item.trainId, scores: { content: 5, teacher: 4, organisation: 5 }, comment: '安排合理' },
      { token: learner.token },
    );
    expect(saved.code).toBe(0);
    const again = (await call('/api/assess/list', {}, { token: learner.token })).data as AssessItem[];
    expect(again.find((a) => a.trainId === item.trainId)).toMatchObject({
      assessed: true,
      scores: { content: 5, teacher: 4, organisation: 5 },
      comment: '安排合理',
    });
    expect(
      (
        await call(
          '/api/assess/save',
          { trainId: item.trainId, scores: { content: 6, teacher: 4, organisation: 5 } },
          { token: learner.token },
        )
      ).msg,
    ).toMatch(/参数错误：scores.content/);
    const other = await account('newbie');
    const refused = await call(
      '/api/assess/save',
      { trainId: item.trainId, scores: { content: 5, teacher: 5, organisation: 5 } },
      { token: other.token },
    );
    expect(refused.msg).toBe('只能评估自己参加的培训项目');
  });
});

describe('station recommendations', () => {
  it('nothing without a bound station; the bound stations’ approved courses otherwise', async () => {
    const user = await account('newbie');
    expect((await call('/api/station/recommend', {}, { token: user.token })).data).toEqual({
      stations: [],
      courses: [],
    });
    const d = await db();
    const [station] = await d.select().from(stations).orderBy(stations.id).limit(1);
    await d.insert(operatorStations).values({ operatorId: user.id, stationId: station.id }).onConflictDoNothing();
    const rec = (await call('/api/station/recommend', { pageSize: 6 }, { token: user.token }))
      .data as StationRecommendation;
    expect(rec.stations).toEqual([{ stationId: station.id, stationName: station.name }]);
    expect(rec.courses.length).toBeGreaterThan(0);
    expect(rec.courses.length).toBeLessThanOrEqual(6);
    const allowed = new Set(
      (
        await d
          .select({ id: stationCourses.courseId })
          .from(stationCourses)
          .where(eq(stationCourses.stationId, station.id))
      ).map((r) => r.id),
    );
    expect(rec.courses.every((c) => allowed.has(c.id))).toBe(true);
    expect((await call('/api/station/recommend', {})).code).toBe(CODE_SESSION_NONE);
    await d.delete(operatorStations).where(eq(operatorStations.operatorId, user.id));
  });
});
