/**
 * The player's endpoints with bad and hostile input: heartbeats (idempotent, impossible progress refused,
 * playing ahead not counted, online hours), batch submit and lock, chapters, self test, reviews, favourites.
 */
import type { Archive } from '@/lib/contract/archive';
import { and, asc, eq, sql } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import {
  courseChapters,
  courseEnrolments,
  courses,
  operators,
  studyClocks,
  studyRecords,
  studySubmits,
} from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { submitHeartbeat, lockCourse } from '@/lib/server/services/learning/study-progress';
import { CODE_SESSION_NONE, SELECT_BEFORE_PLAY_MSG } from '@/lib/contract/messages';
import type { Site } from '@/lib/variants';
import type { CourseView, HeartbeatAnswer } from '@/lib/contract/learning';
import { ServiceError } from '@/lib/server/errors';
import { maskName } from '@/lib/format';
import { textAsRichText } from '@/lib/server/rich-text';
import { SELECT_COURSE_FIRST_MSG, ALREADY_RATED_MSG } from '@/lib/contract/learning';
import { MSG_SERIES_COURSE_NOT_FOUND } from '@/lib/contract/series-admin';

const { call, callRaw } = testClient();
let seq = 0;
const sid = () => `test-${Date.now().toString(36)}-${++seq}`;

async function opId(userId: string): Promise<number> {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return op.id;
}
const loginAs = async (userId: string) => createSession(await opId(userId));

/** A published course with at least two chapters that the user has not chosen yet. */
async function freshCourse(
  operatorId: number,
): Promise<{ courseId: number; chapters: { id: number; media: string }[] }> {
  const d = await db();
  const rows = await d
    .select({ id: courses.id })
    .from(courses)
    .where(
      and(
        eq(courses.auditStatus, 1052),
        sql`${courses.chapterCount} >= 2`,
        sql`not exists (select 1 from course_enrolments e where e.course_id = ${courses.id} and e.operator_id = ${operatorId})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  const courseId = rows[0].id;
  const chapters = await d
    .select({ id: courseChapters.id, media: courseChapters.media })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort));
  return { courseId, chapters };
}

afterAll(() => closeDb());

describe('/api/course/view on each host', () => {
  it("answers exactly for the courses whose detail page the host shows (the audience of SPEC 2.1's variants)", async () => {
    const party: Site = { variant: 'party', dx: false };
    let hidden = 0;
    for (let courseId = 1; courseId <= 60; courseId++) {
      const detail = await call('/api/course/detail', { id: courseId }, { site: party });
      const view = await call('/api/course/view', { courseId }, { site: party });
      expect(view.code === 0).toBe(detail.code === 0);
      if (view.code !== 0) {
        hidden++;
        expect([view.code, view.msg]).toEqual([1004, MSG_SERIES_COURSE_NOT_FOUND]);
      }
    }
    expect(hidden).toBeGreaterThan(0);
  });
});

describe('/api/course/chapter and /api/course/progress', () => {
  it('lists chapters with the clip durations and trial length; refuses unknown courses', async () => {
    const res = await call('/api/course/view', { courseId: 1 });
    expect(res.code).toBe(0);
    const view = res.data as CourseView;
    expect(view.chapters.length).toBeGreaterThan(0);
    expect(view.trialSeconds).toBe(180);
    for (const c of view.chapters) expect([240, 300, 360]).toContain(c.duration);
    // A summary written in the creation centre is stored as rich text: the player's 课程简介 gets the typed text back.
    const d = await db();
    const [{ summary: before }] = await d.select({ summary: courses.summary }).from(courses).where(eq(courses.id, 1));
    await d
      .update(courses)
      .set({ summary: textAsRichText('本课程介绍科研数据的采集。\n适合<青年>科研人员。') })
      .where(eq(courses.id, 1));
    try {
      const typed = (await call('/api/course/view', { courseId: 1 })).data as CourseView;
      expect(typed.summary).toBe('本课程介绍科研数据的采集。\n适合<青年>科研人员。');
    } finally {
      await d.update(courses).set({ summary: before }).where(eq(courses.id, 1));
    }
    const missing = await call('/api/course/view', { courseId: 99999999 });
    expect(missing.code).not.toBe(0);
    expect(missing.msg).toBe(MSG_SERIES_COURSE_NOT_FOUND);
    for (const bad of [{ courseId: -1 }, { courseId: 'x' }, {}, { courseId: 1.5 }]) {
      const r = await callRaw('/api/course/view', bad);
      expect(r.code).not.toBe(0);
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('a visitor sees a course as not chosen', async () => {
    const res = await call('/api/course/progress', { courseId: 1 });
    expect(res.data).toMatchObject({ chosen: false, chapters: [] });
  });
});

describe('/api/study/submit', () => {
  it('needs a session; a visitor gets 2002', async () => {
    const r = await call('/api/study/submit', {
      submitId: sid(),
      courseId: 1,
      chapterId: 1,
      position: 1,
      from: 0,
      to: 1,
      watched: 1,
    });
    expect(r.code).toBe(CODE_SESSION_NONE);
  });

  it('refuses an unchosen course with 请选学后播放', async () => {
    const token = await loginAs('teacher');
    const { courseId, chapters } = await freshCourse(await opId('teacher'));
    const r = await call(
      '/api/study/submit',
      { submitId: sid(), courseId, chapterId: chapters[0].id, position: 5, from: 0, to: 5, watched: 5 },
      { token },
    );
    expect(r.code).not.toBe(0);
    expect(r.msg).toBe(SELECT_BEFORE_PLAY_MSG);
  });

  it('refuses hostile shapes: negative, beyond the video, more media than the speed allows, wrong chapter, bad ids', async () => {
    const token = await loginAs('teacher');
    const { courseId, chapters } = await freshCourse(await opId('teacher'));
    await call('/api/course/choose', { courseId }, { token });
    const ch = chapters[0].id;
    const base = { courseId, chapterId: ch, position: 10, from: 0, to: 10, watched: 10 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, position: -1 }, /不能为负数/],
      [{ ...base, watched: -5 }, /不能为负数/],
      [{ ...base, position: 5000 }, /超出视频时长/],
      [{ ...base, position: 100000 }, /参数错误/],
      [{ ...base, to: 5000, position: 5000 }, /超出视频时长/],
      [{ ...base, from: 0, to: 100, watched: 10 }, /播放进度与学习时长不符/],
      [{ ...base, from: 20, to: 10 }, /播放进度与学习时长不符/],
      [{ ...base, watched: 100000 }, /学习时长过长/],
      [{ ...base, chapterId: 99999999 }, /章节不存在/],
      [{ ...base, submitId: 'x' }, /提交编号/],
      [{ ...base, submitId: "'; drop table study_submits; --" }, /提交编号/],
      [{ ...base, position: 'NaN' }, /参数错误/],
      [{ ...base, position: Number.POSITIVE_INFINITY }, /参数错误/],
    ];
    for (const [body, msg] of cases) {
      const r = await callRaw('/api/study/submit', { submitId: sid(), ...body }, { token });
      expect(r.code).not.toBe(0);
      expect(r.msg).toMatch(msg);
    }
    if (chapters[1]) {
      const other = await call(
        '/api/study/submit',
        { submitId: sid(), ...base, chapterId: chapters[0].id + 100000 },
        { token },
      );
      expect(other.code).not.toBe(0);
    }
  });

  it('is idempotent: the same submit id is counted once', async () => {
    const token = await loginAs('party');
    const operatorId = await opId('party');
    const { courseId, chapters } = await freshCourse(operatorId);
    await call('/api/course/choose', { courseId }, { token });
    const body = { submitId: sid(), courseId, chapterId: chapters[0].id, position: 5, from: 0, to: 5, watched: 5 };
    const a = await call('/api/study/submit', body, { token });
    const b = await call('/api/study/submit', body, { token });
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    expect((b.data as HeartbeatAnswer).duplicate).toBe(true);
    const d = await db();
    const [{ n }] = await d
      .select({ n: sql<number>`count(*)::int` })
      .from(studySubmits)
      .where(eq(studySubmits.submitId, body.submitId));
    expect(n).toBe(1);
    const [enrol] = await d
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
    expect(enrol.studiedSeconds).toBe(5);
    expect(enrol.lastPosition).toBe(5);
    expect(enrol.lastChapterId).toBe(chapters[0].id);
    // Another learner cannot replay someone else's id.
    const stolen = await call('/api/study/submit', body, { token: await loginAs('student') });
    expect(stolen.code).not.toBe(0);
  });

  it('refuses more studied seconds than wall-clock time, and playing ahead adds no study time', async () => {
    const operatorId = await opId('manager');
    const d = await db();
    const { courseId, chapters } = await freshCourse(operatorId);
    await d.insert(courseEnrolments).values({ operatorId, courseId });
    const ch = chapters[0].id;
    const t0 = new Date(Date.now() + 3600_000 * 24 * 30); // far ahead of any earlier test's heartbeats
    // 20 s watched: fine (the clock starts with a backlog).
    const first = await submitHeartbeat(
      operatorId,
      { submitId: sid(), courseId, chapterId: ch, position: 20, from: 0, to: 20, watched: 20 },
      t0,
    );
    expect(first.credited).toBe(20);
    // Right after, a 60 s claim 10 s later is impossible... once the backlog is used up.
    let t = t0;
    let refused = false;
    for (let i = 0; i < 2000 && !refused; i++) {
      t = new Date(t.getTime() + 10_000);
      try {
        await submitHeartbeat(
          operatorId,
          { submitId: sid(), courseId, chapterId: ch, position: 20, from: 20, to: 20, watched: 60 },
          t,
        );
      } catch (err) {
        expect(err).toBeInstanceOf(ServiceError);
        expect((err as Error).message).toMatch(/学习时长超过实际经过的时间/);
        refused = true;
      }
    }
    expect(refused).toBe(true);
    // Steady state: 15 s every 15 s is accepted.
    t = new Date(t.getTime() + 3600_000);
    const ok = await submitHeartbeat(
      operatorId,
      { submitId: sid(), courseId, chapterId: ch, position: 35, from: 20, to: 35, watched: 15 },
      t,
    );
    expect(ok.credited).toBe(15);
    // Seek ahead to 200 s and play: the position is kept, the time is not credited, the frontier stays.
    t = new Date(t.getTime() + 15_000);
    const ahead = await submitHeartbeat(
      operatorId,
      { submitId: sid(), courseId, chapterId: ch, position: 215, from: 200, to: 215, watched: 15 },
      t,
    );
    expect(ahead.credited).toBe(0);
    expect(ahead.frontier).toBeLessThan(100);
    const [enrol] = await d
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
    expect(enrol.lastPosition).toBe(215);
  });

  it('study counts for the year and month of China time: 01:00 on 1 January in Beijing is the new year', async () => {
    const operatorId = await opId('manager');
    const d = await db();
    const { courseId, chapters } = await freshCourse(operatorId);
    await d.insert(courseEnrolments).values({ operatorId, courseId });
    await d.delete(studyClocks).where(eq(studyClocks.operatorId, operatorId));
    try {
      const t = new Date('2030-12-31T17:00:00Z'); // 2031-01-01 01:00 in Beijing
      const beat = await submitHeartbeat(
        operatorId,
        { submitId: sid(), courseId, chapterId: chapters[0].id, position: 10, from: 0, to: 10, watched: 10 },
        t,
      );
      expect(beat.credited).toBe(10);
      // This heartbeat's record (the seed may hold older records of the same learner and course).
      const rows = await d
        .select()
        .from(studyRecords)
        .where(
          and(
            eq(studyRecords.operatorId, operatorId),
            eq(studyRecords.courseId, courseId),
            eq(studyRecords.createdAt, t),
          ),
        );
      expect(rows.map((r) => [r.year, r.month])).toEqual([[2031, 1]]);
    } finally {
      // Later tests study at today's time: this learner's clock must not stay in 2031.
      await d.delete(studyClocks).where(eq(studyClocks.operatorId, operatorId));
    }
  });

  it('a learner the server has never seen cannot claim time from before its first heartbeat (hostile burst)', async () => {
    const operatorId = await opId('manager');
    const d = await db();
    const { courseId, chapters } = await freshCourse(operatorId);
    await d.insert(courseEnrolments).values({ operatorId, courseId });
    await d.delete(studyClocks).where(eq(studyClocks.operatorId, operatorId)); // never seen before
    const ch = chapters[0].id;
    const t0 = new Date(Date.now() + 3600_000 * 24 * 60);
    // The first heartbeat may cover at most one heartbeat's worth of play before the server saw it.
    const first = await submitHeartbeat(
      operatorId,
      { submitId: sid(), courseId, chapterId: ch, position: 120, from: 0, to: 120, watched: 120 },
      t0,
    );
    expect(first.credited).toBe(120);
    // A burst of full-size claims, one second apart, as a script would send them: every one refused.
    let refused = 0;
    for (let i = 1; i <= 30; i++) {
      const at = new Date(t0.getTime() + i * 1000);
      await submitHeartbeat(
        operatorId,
        { submitId: sid(), courseId, chapterId: ch, position: 120, from: 100, to: 120, watched: 60 },
        at,
      ).catch((err: Error) => {
        expect(err.message).toMatch(/学习时长超过实际经过的时间/);
        refused++;
      });
    }
    expect(refused).toBe(30);
    const [enrol] = await d
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
    expect(enrol.studiedSeconds).toBe(120);
    // Real time passing is credited again: 15 s after 15 s.
    const later = new Date(t0.getTime() + 31_000 + 15_000);
    const ok = await submitHeartbeat(
      operatorId,
      { submitId: sid(), courseId, chapterId: ch, position: 135, from: 120, to: 135, watched: 15 },
      later,
    );
    expect(ok.credited).toBe(15);
  });

  it('credited study becomes online hours of the year in /api/study/totalTime', async () => {
    const token = await loginAs('student');
    const operatorId = await opId('student');
    const before = (await call('/api/study/totalTime', {}, { token })).data as { onLineAllTimeEffective: number };
    const { courseId, chapters } = await freshCourse(operatorId);
    // The seed's study records (hours and rankings) may already name this course for this learner: count what is added.
    const d = await db();
    const recorded = async () =>
      (
        await d
          .select()
          .from(studyRecords)
          .where(and(eq(studyRecords.operatorId, operatorId), eq(studyRecords.courseId, courseId)))
      ).reduce((a, x) => a + Number(x.seconds), 0);
    const recordedBefore = await recorded();
    await call('/api/course/choose', { courseId }, { token });
    const r = await call(
      '/api/study/submit',
      { submitId: sid(), courseId, chapterId: chapters[0].id, position: 12, from: 0, to: 12, watched: 12 },
      { token },
    );
    expect(r.code).toBe(0);
    const after = (await call('/api/study/totalTime', {}, { token })).data as { onLineAllTimeEffective: number };
    expect(after.onLineAllTimeEffective - before.onLineAllTimeEffective).toBe(12);
    expect((await recorded()) - recordedBefore).toBe(12);
    // The archive's year agrees with it, and its months add up to it (issue 5 point 2).
    const archive = (await call('/api/personal/archive', { section: 'archive' }, { token })).data as Archive;
    expect([archive.onLineAllTimeEffective, archive.offLineAllTimeEffective]).toEqual([
      after.onLineAllTimeEffective,
      (after as unknown as Archive).offLineAllTimeEffective,
    ]);
    expect(archive.months.reduce((n, m) => n + m.online, 0)).toBe(after.onLineAllTimeEffective);
    expect(archive.years).toContain(archive.year);
  });

  it('a chapter watched to its end finishes; every chapter finished finishes the course', async () => {
    const operatorId = await opId('newbie');
    const d = await db();
    const { courseId, chapters } = await freshCourse(operatorId);
    await d.insert(courseEnrolments).values({ operatorId, courseId });
    const durations: Record<string, number> = { 'demo-1': 300, 'demo-2': 240, 'demo-3': 360 };
    let t = new Date(Date.now() + 3600_000 * 24 * 60);
    let last: HeartbeatAnswer | null = null;
    for (const ch of chapters) {
      const dur = durations[ch.media];
      for (let pos = 0; pos < dur; pos += 60) {
        t = new Date(t.getTime() + 61_000);
        const to = Math.min(dur, pos + 60);
        last = await submitHeartbeat(
          operatorId,
          { submitId: sid(), courseId, chapterId: ch.id, position: to, from: pos, to, watched: to - pos },
          t,
        );
      }
    }
    expect(last?.finished).toBe(true);
    expect(last?.progress).toBe(100);
    const [enrol] = await d
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.operatorId, operatorId), eq(courseEnrolments.courseId, courseId)));
    expect(enrol.finishedAt).not.toBeNull();
  });
});

describe('/api/study/batchSubmit and /api/study/lock', () => {
  it('batch: each item answered on its own, duplicates not recounted; size limited', async () => {
    const token = await loginAs('party');
    const { courseId, chapters } = await freshCourse(await opId('party'));
    await call('/api/course/choose', { courseId }, { token });
    const a = { submitId: sid(), courseId, chapterId: chapters[0].id, position: 3, from: 0, to: 3, watched: 3 };
    const bad = { submitId: sid(), courseId, chapterId: chapters[0].id, position: 9999, from: 0, to: 3, watched: 3 };
    const res = await call('/api/study/batchSubmit', { items: [a, bad, a] }, { token });
    expect(res.code).toBe(0);
    const out = res.data as HeartbeatAnswer[];
    expect(out.map((x) => x.accepted)).toEqual([true, false, true]);
    expect(out[1].msg).toMatch(/超出视频时长/);
    expect(out[2].duplicate).toBe(true);
    const tooMany = await call(
      '/api/study/batchSubmit',
      { items: Array.from({ length: 51 }, () => ({ ...a, submitId: sid() })) },
      { token },
    );
    expect(tooMany.code).not.toBe(0);
    expect((await call('/api/study/batchSubmit', { items: [] }, { token })).code).not.toBe(0);
  });

  it('lock: one window at a time; heartbeats of another session are refused while it holds', async () => {
    const operatorId = await opId('teacher');
    const d = await db();
    const { courseId, chapters } = await freshCourse(operatorId);
    await d.insert(courseEnrolments).values({ operatorId, courseId });
    const now = new Date(Date.now() + 3600_000 * 24 * 90);
    expect((await lockCourse(operatorId, courseId, 'session-aaaa', false, now)).locked).toBe(true);
    await expect(lockCourse(operatorId, courseId, 'session-bbbb', false, now)).rejects.toThrow(/其他窗口/);
    await expect(
      submitHeartbeat(
        operatorId,
        {
          submitId: sid(),
          courseId,
          chapterId: chapters[0].id,
          position: 5,
          from: 0,
          to: 5,
          watched: 5,
          lockSession: 'session-bbbb',
        },
        now,
      ),
    ).rejects.toThrow(/其他窗口/);
    const ok = await submitHeartbeat(
      operatorId,
      {
        submitId: sid(),
        courseId,
        chapterId: chapters[0].id,
        position: 5,
        from: 0,
        to: 5,
        watched: 5,
        lockSession: 'session-aaaa',
      },
      now,
    );
    expect(ok.accepted).toBe(true);
    // Lapsed after a minute without renewal: the other window may take it.
    expect(
      (await lockCourse(operatorId, courseId, 'session-bbbb', false, new Date(now.getTime() + 61_000))).locked,
    ).toBe(true);
    const token = await loginAs('teacher');
    expect((await call('/api/study/lock', { courseId, session: 'x' }, { token })).code).not.toBe(0);
    expect((await call('/api/study/lock', { courseId: 99999999, session: 'session-cccc' }, { token })).msg).toBe(
      SELECT_BEFORE_PLAY_MSG,
    );
  });
});

describe('self test, reviews, summaries, favourites', () => {
  it('self test: questions without answers, scored on submit once every question is answered', async () => {
    const token = await loginAs('learner');
    const t = await call('/api/course/selfTest', { chapterId: 1 }, { token });
    expect(t.code).toBe(0);
    const qs = (t.data as { questions: { id: number; options: string[] }[] }).questions;
    expect(JSON.stringify(qs)).not.toMatch(/answer/);
    // Blank, incomplete or out of range: refused, nothing scored and no answer revealed.
    const blank = await call('/api/course/selfTestSubmit', { chapterId: 1, answers: {} }, { token });
    expect(blank).toMatchObject({ msg: '还有3道题需要填写，请完成后再提交', data: null });
    expect(blank.code).not.toBe(0);
    const partial = await call('/api/course/selfTestSubmit', { chapterId: 1, answers: { '1': 0, '3': 0 } }, { token });
    expect(partial.msg).toBe('第2题为必答题，请作答');
    expect(JSON.stringify(partial.data ?? null)).not.toMatch(/answer|correct/);
    expect(
      (
        await call(
          '/api/course/selfTestSubmit',
          { chapterId: 1, answers: { '1': 0, '2': qs[1].options.length, '3': 0 } },
          { token },
        )
      ).msg,
    ).toBe('第2题的答案不正确');
    const res = await call(
      '/api/course/selfTestSubmit',
      { chapterId: 1, answers: { '1': 0, '2': 0, '3': 0 } },
      { token },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ total: 3 });
    expect((res.data as { correct: number }).correct).toBeGreaterThanOrEqual(2);
    expect((await call('/api/course/selfTestSubmit', { chapterId: 1, answers: { '1': -1 } }, { token })).code).not.toBe(
      0,
    );
    expect((await call('/api/course/selfTest', { chapterId: 1 })).code).toBe(CODE_SESSION_NONE);
  });

  it('reviews: only after 选学, one per learner, rated 1-5, content required; summaries listed', async () => {
    const token = await loginAs('student');
    const { courseId } = await freshCourse(await opId('student'));
    const reviewsBefore = ((await call('/api/course/reviews', { courseId })).data as { total: number }).total;
    const notChosen = await call('/api/course/reviewSave', { courseId, rating: 5, content: '很好' }, { token });
    expect(notChosen.msg).toBe(SELECT_COURSE_FIRST_MSG);
    await call('/api/course/choose', { courseId }, { token });
    expect(
      ((await call('/api/course/progress', { courseId }, { token })).data as { myReview: unknown }).myReview,
    ).toBeNull();
    expect((await call('/api/course/reviewSave', { courseId, rating: 9, content: '很好' }, { token })).msg).toMatch(
      /评分为1-5分/,
    );
    expect((await call('/api/course/reviewSave', { courseId, rating: 5, content: '   ' }, { token })).msg).toMatch(
      /请填写内容/,
    );
    expect(
      (
        await call(
          '/api/course/reviewSave',
          { courseId, rating: 5, content: '<script>alert(1)</script>讲得很清楚' },
          { token },
        )
      ).code,
    ).toBe(0);
    expect((await call('/api/course/reviewSave', { courseId, rating: 4, content: '再评一次' }, { token })).msg).toBe(
      ALREADY_RATED_MSG,
    );
    // The player learns from the server that this learner has reviewed (the form gives way, after a reload too).
    const progress = (await call('/api/course/progress', { courseId }, { token })).data as {
      myReview: { score: number; content: string } | null;
    };
    expect(progress.myReview).toMatchObject({ score: 5, content: '<script>alert(1)</script>讲得很清楚' });
    // Another learner's view carries their own review, never this one.
    const other = (await call('/api/course/progress', { courseId }, { token: await loginAs('learner') })).data as {
      myReview: { content: string } | null;
    };
    expect(other.myReview?.content).not.toBe(progress.myReview?.content);
    expect(((await call('/api/course/progress', { courseId })).data as { myReview: unknown }).myReview).toBeNull();
    expect((await call('/api/course/summarySave', { courseId, content: '第一篇心得' }, { token })).code).toBe(0);
    expect((await call('/api/course/summarySave', { courseId, content: '第二篇心得' }, { token })).code).toBe(0);
    // The course may carry seeded reviews of other learners (the catalogue's store): this learner's is the newest, once.
    const reviews = (await call('/api/course/reviews', { courseId })).data as {
      list: { content: string; score: number }[];
      total: number;
    };
    expect(reviews.total).toBe(reviewsBefore + 1);
    expect(reviews.list.filter((r) => r.content.includes('讲得很清楚'))).toHaveLength(1);
    expect(reviews.list[0].content).toContain('<script>');
    const sums = (await call('/api/course/summaries', { courseId, pageSize: 1 })).data as {
      list: { operatorName: string }[];
      total: number;
    };
    expect(sums.total).toBe(2);
    expect(sums.list).toHaveLength(1);
    // A public list: the author's name masked, as the reviews' (QA: 学习心得 showed the full name).
    const [student] = await (
      await db()
    )
      .select({ name: operators.name })
      .from(operators)
      .where(eq(operators.userId, 'student'));
    expect(sums.list[0].operatorName).toBe(maskName(student.name));
    expect(sums.list[0].operatorName).not.toBe(student.name);
    expect((await call('/api/course/summaries', { courseId, pageSize: 1000 })).code).not.toBe(0);
  });

  it('favourites: set, read, listed in the archive, removed', async () => {
    const token = await loginAs('newbie');
    const { courseId } = await freshCourse(await opId('newbie'));
    expect((await call('/api/course/favourite', { courseId, favourite: true }, { token })).code).toBe(0);
    expect((await call('/api/course/favourite', { courseId, favourite: true }, { token })).code).toBe(0);
    expect((await call('/api/course/favouriteState', { courseId }, { token })).data).toMatchObject({ favourite: true });
    // The player reads it from the learner's progress (one call for the learner's part of the cached page).
    expect((await call('/api/course/progress', { courseId }, { token })).data).toMatchObject({ favourite: true });
    const archive = (await call('/api/personal/archive', {}, { token })).data as { favourites: { courseId: number }[] };
    expect(archive.favourites.map((f) => f.courseId)).toContain(courseId);
    await call('/api/course/favourite', { courseId, favourite: false }, { token });
    expect((await call('/api/course/favouriteState', { courseId }, { token })).data).toMatchObject({
      favourite: false,
    });
    expect((await call('/api/course/progress', { courseId }, { token })).data).toMatchObject({ favourite: false });
    expect((await call('/api/course/favourite', { courseId: 99999999, favourite: true }, { token })).code).not.toBe(0);
    expect((await call('/api/course/favourite', { courseId, favourite: true })).code).toBe(CODE_SESSION_NONE);
  });
});
