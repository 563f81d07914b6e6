/**
 * Spaces (issue 6 point 1, 5): the public detail per privacy, follow/unfollow, fans and follows lists,
 * pinned items, plain-text comments, privacy settings; and a second account whose every write on
 * someone else's space is refused.
 */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db } from '@/lib/server/db';
import { courseEnrolments, operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_SESSION_NONE } from '@/lib/contract/messages';
import type { SpaceComment, SpaceDetail, FollowState, SpacePerson } from '@/lib/contract/spaces';
import type { CourseCard, Page } from '@/lib/contract/home';

const { call, callRaw } = testClient();

async function account(userId: string) {
  const [op] = await (
    await db()
  )
    .select({ id: operators.id, tchrId: operators.tchrId })
    .from(operators)
    .where(eq(operators.userId, userId));
  return { ...op, token: await createSession(op.id) };
}

let teacher: Awaited<ReturnType<typeof account>>;
let learner: Awaited<ReturnType<typeof account>>;
let other: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  teacher = await account('teacher');
  learner = await account('learner');
  other = await account('newbie');
}, 120_000);
afterAll(() => closeDb());

describe('space detail', () => {
  it('a teacher space shows the business card, counts, pinned item, created courses and comments count', async () => {
    const res = await call('/api/space/detail', { kind: 'teacher', id: teacher.tchrId! });
    expect(res.code).toBe(0);
    const d = res.data as SpaceDetail;
    expect(d.card.name).toBeTruthy();
    expect(d.ownerOperatorId).toBe(teacher.id);
    expect(d.counts.fans).toBeGreaterThan(0);
    expect(d.counts.comments).toBeGreaterThan(0);
    expect(d.tops.length).toBe(1);
    expect(Array.isArray(d.created)).toBe(true);
  });

  it('a student space and an organisation space answer; unknown ids and kinds are refused in Chinese', async () => {
    expect((await call('/api/space/detail', { kind: 'student', id: learner.id })).code).toBe(0);
    expect((await call('/api/space/detail', { kind: 'org', id: 1 })).code).toBe(0);
    const missing = await call('/api/space/detail', { kind: 'student', id: 99999999 });
    expect(missing.code).not.toBe(0);
    expect(missing.msg).toBe('空间不存在');
    const bad = await callRaw('/api/space/detail', { kind: 'admin', id: 1 });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/参数错误：kind/);
  });

  it('the own space is the teacher space with a tchrId, the student space otherwise', async () => {
    expect((await call('/api/space/mine', {}, { token: teacher.token })).data).toEqual({
      kind: 'teacher',
      id: teacher.tchrId,
    });
    expect((await call('/api/space/mine', {}, { token: learner.token })).data).toEqual({
      kind: 'student',
      id: learner.id,
    });
  });
});

describe('follow, fans and follows', () => {
  it('follow and unfollow change the fans count and both lists; a visitor cannot follow', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    expect((await call('/api/space/follow', ref)).code).toBe(CODE_SESSION_NONE);
    const before = ((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans!;
    const on = await call('/api/space/follow', ref, { token: other.token });
    expect(on.code).toBe(0);
    expect((on.data as FollowState).followed).toBe(true);
    // the answer carries the count after the write: what the page shows without reloading its cached copy
    expect((on.data as FollowState).counts.fans).toBe(before + 1);
    expect((await call('/api/space/follow', ref, { token: other.token })).code).toBe(0); // idempotent
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans).toBe(before + 1);
    const fans = (await call('/api/space/fans', { ...ref, pageSize: 50 })).data as Page<SpacePerson>;
    expect(fans.list.some((p) => p.kind === 'student' && p.id === other.id)).toBe(true);
    const follows = (await call('/api/space/follows', { kind: 'student', id: other.id })).data as Page<SpacePerson>;
    expect(follows.list.some((p) => p.kind === 'teacher' && p.id === teacher.tchrId)).toBe(true);
    const off = await call('/api/space/unfollow', ref, { token: other.token });
    expect((off.data as FollowState).followed).toBe(false);
    expect((off.data as FollowState).counts.fans).toBe(before);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans).toBe(before);
    // each toggle's answer matches the server, however many follow
    for (const on of [true, false, true, false]) {
      const res = (await call(on ? '/api/space/follow' : '/api/space/unfollow', ref, { token: other.token }))
        .data as FollowState;
      expect(res.counts.fans).toBe(on ? before + 1 : before);
      expect(
        ((await call('/api/space/followState', ref, { token: other.token })).data as FollowState).counts.fans,
      ).toBe(res.counts.fans);
    }
  });

  it('nobody follows their own space', async () => {
    const res = await call('/api/space/follow', { kind: 'teacher', id: teacher.tchrId! }, { token: teacher.token });
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe('不能关注自己');
  });
});

describe('privacy', () => {
  it('hidden lists are not shown on the space; settings are only the caller’s own', async () => {
    const ref = { kind: 'student' as const, id: learner.id };
    const shown = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(shown.studied).not.toBeNull();
    const saved = await call(
      '/api/space/privacy/save',
      { showCreated: true, showStudied: false, showFollows: false, showFans: true },
      { token: learner.token },
    );
    expect(saved.code).toBe(0);
    const hidden = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(hidden.studied).toBeNull();
    expect(hidden.counts.follows).toBeNull();
    expect(((await call('/api/space/follows', ref)).data as Page<SpacePerson>).list).toEqual([]);
    expect((await call('/api/space/privacy/detail', {}, { token: learner.token })).data).toMatchObject({
      showStudied: false,
    });
    // another account's save changes only its own settings
    await call(
      '/api/space/privacy/save',
      { showCreated: true, showStudied: true, showFollows: true, showFans: true },
      { token: other.token },
    );
    expect((await call('/api/space/privacy/detail', {}, { token: learner.token })).data).toMatchObject({
      showStudied: false,
    });
    await call(
      '/api/space/privacy/save',
      { showCreated: true, showStudied: true, showFollows: true, showFans: true },
      { token: learner.token },
    );
    expect((await callRaw('/api/space/privacy/save', { showCreated: 'yes' }, { token: learner.token })).code).not.toBe(
      0,
    );
  });
});

describe('privacy: hidden counts and lists', () => {
  it('are null (不公开) for others, never 0; the owner sees their own courses, fans and counts', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const open = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(open.counts.created).toBeGreaterThan(0);
    expect(open.counts.fans).toBeGreaterThan(0);
    await call(
      '/api/space/privacy/save',
      { showCreated: false, showStudied: true, showFollows: true, showFans: false },
      { token: teacher.token },
    );
    try {
      const hidden = (await call('/api/space/detail', ref)).data as SpaceDetail;
      expect(hidden.counts.fans).toBeNull();
      expect(hidden.counts.created).toBeNull();
      expect(hidden.created).toBeNull();
      for (const token of [null, learner.token]) {
        expect(((await call('/api/space/followState', ref, { token })).data as FollowState).counts).toMatchObject({
          fans: null,
          created: null,
        });
        expect((await call('/api/space/courses', { ...ref, list: 'created' }, { token })).data).toBeNull();
        expect(((await call('/api/space/fans', ref, { token })).data as Page<SpacePerson>).list).toEqual([]);
      }
      const own = (await call('/api/space/followState', ref, { token: teacher.token })).data as FollowState;
      expect(own.isOwner).toBe(true);
      expect(own.counts).toMatchObject({ fans: open.counts.fans, created: open.counts.created });
      const courses = (await call('/api/space/courses', { ...ref, list: 'created' }, { token: teacher.token }))
        .data as Page<CourseCard>;
      expect(courses.total).toBe(open.counts.created);
      expect(courses.list.map((c) => c.id)).toEqual(open.created!.slice(0, courses.list.length).map((c) => c.id));
      expect(((await call('/api/space/fans', ref, { token: teacher.token })).data as Page<SpacePerson>).total).toBe(
        open.counts.fans,
      );
    } finally {
      await call(
        '/api/space/privacy/save',
        { showCreated: true, showStudied: true, showFollows: true, showFans: true },
        { token: teacher.token },
      );
    }
  });
});

describe('privacy: series', () => {
  it('both lists private: the series are null for others; the owner still gets all of theirs', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const open = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(open.series!.length).toBeGreaterThan(0);
    expect((await call('/api/space/series', ref)).data).toEqual(open.series);
    await call(
      '/api/space/privacy/save',
      { showCreated: false, showStudied: false, showFollows: true, showFans: true },
      { token: teacher.token },
    );
    try {
      expect(((await call('/api/space/detail', ref)).data as SpaceDetail).series).toBeNull();
      for (const token of [null, learner.token])
        expect((await call('/api/space/series', ref, { token })).data).toBeNull();
      expect((await call('/api/space/series', ref, { token: teacher.token })).data).toEqual(open.series);
    } finally {
      await call(
        '/api/space/privacy/save',
        { showCreated: true, showStudied: true, showFollows: true, showFans: true },
        { token: teacher.token },
      );
    }
    expect((await call('/api/space/series', { kind: 'teacher', id: 99999999 })).code).not.toBe(0);
  });
});

describe('privacy: pinned items and series of a private list', () => {
  it('a pinned course of the hidden created list is left out for others (the owner still gets it, marked hidden); the series say 不公开 (null), not none', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    // The premise: the teacher studies none of the courses (on PostgreSQL the suite shares one database, and an earlier
    // file may have enrolled the teacher); put back afterwards.
    const d = await db();
    const studiedRows = await d.delete(courseEnrolments).where(eq(courseEnrolments.operatorId, teacher.id)).returning();
    try {
      const open = (await call('/api/space/detail', ref)).data as SpaceDetail;
      const pinned = open.tops[0].course!;
      expect(open.series!.length).toBeGreaterThan(0);
      expect(((await call('/api/space/tops', ref)).data as SpaceDetail['tops']).map((t) => t.course?.id)).toEqual([
        pinned.id,
      ]);
      // The teacher studied none of their own courses: with the created list private, nothing shown holds the pin or the series.
      expect(
        (
          (await call('/api/space/courses', { ...ref, list: 'studied', pageSize: 100 }, { token: teacher.token }))
            .data as Page<CourseCard>
        ).list.map((c) => c.id),
      ).not.toContain(pinned.id);
      await call(
        '/api/space/privacy/save',
        { showCreated: false, showStudied: true, showFollows: true, showFans: true },
        { token: teacher.token },
      );
      try {
        const hidden = (await call('/api/space/detail', ref)).data as SpaceDetail;
        expect(hidden.tops).toEqual([]);
        expect(hidden.series).toBeNull();
        for (const token of [null, learner.token]) {
          expect((await call('/api/space/tops', ref, { token })).data).toEqual([]);
          expect((await call('/api/space/series', ref, { token })).data).toBeNull();
        }
        const own = (await call('/api/space/tops', ref, { token: teacher.token })).data as SpaceDetail['tops'];
        expect(own.map((t) => [t.course?.id, t.hidden])).toEqual([[pinned.id, true]]);
        expect((await call('/api/space/series', ref, { token: teacher.token })).data).toEqual(open.series);
      } finally {
        await call(
          '/api/space/privacy/save',
          { showCreated: true, showStudied: true, showFollows: true, showFans: true },
          { token: teacher.token },
        );
      }
      expect(
        ((await call('/api/space/detail', ref)).data as SpaceDetail).tops.map((t) => [t.course?.id, t.hidden]),
      ).toEqual([[pinned.id, undefined]]);
    } finally {
      if (studiedRows.length) await d.insert(courseEnrolments).values(studiedRows).onConflictDoNothing();
    }
  });

  it('a pin in a private list that another shown list also holds stays visible', async () => {
    const ref = { kind: 'student' as const, id: learner.id };
    const studied = (
      (await call('/api/space/courses', { ...ref, list: 'studied', pageSize: 1 }, { token: learner.token }))
        .data as Page<CourseCard>
    ).list[0];
    expect(studied).toBeDefined();
    expect(
      (
        await call(
          '/api/space/top/save',
          { itemType: 'course', itemId: studied.id, top: true },
          { token: learner.token },
        )
      ).code,
    ).toBe(0);
    try {
      await call(
        '/api/space/privacy/save',
        { showCreated: false, showStudied: true, showFollows: true, showFans: true },
        { token: learner.token },
      );
      expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops.map((t) => t.course?.id)).toContain(
        studied.id,
      );
      await call(
        '/api/space/privacy/save',
        { showCreated: true, showStudied: false, showFollows: true, showFans: true },
        { token: learner.token },
      );
      expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops.map((t) => t.course?.id)).not.toContain(
        studied.id,
      );
    } finally {
      await call(
        '/api/space/privacy/save',
        { showCreated: true, showStudied: true, showFollows: true, showFans: true },
        { token: learner.token },
      );
      await call(
        '/api/space/top/save',
        { itemType: 'course', itemId: studied.id, top: false },
        { token: learner.token },
      );
    }
  });
});

describe('course lists page beyond the first 12', () => {
  it('an organisation with more courses than the page shows gives the rest page by page, none twice', async () => {
    const orgs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(async (id) => ({
        id,
        d: (await call('/api/space/detail', { kind: 'org', id })).data as SpaceDetail | null,
      })),
    );
    const big = orgs.find((o) => o.d && (o.d.counts.created ?? 0) > 12);
    expect(big).toBeDefined();
    const { id, d } = big!;
    expect(d!.created).toHaveLength(12);
    const seen = new Set<number>();
    for (let pageNum = 1; seen.size < d!.counts.created!; pageNum++) {
      const page = (await call('/api/space/courses', { kind: 'org', id, list: 'created', pageNum, pageSize: 12 }))
        .data as Page<CourseCard>;
      expect(page.total).toBe(d!.counts.created);
      expect(page.list.length).toBeGreaterThan(0);
      for (const c of page.list) {
        expect(seen.has(c.id)).toBe(false);
        seen.add(c.id);
      }
      if (pageNum === 1) expect(page.list.map((c) => c.id)).toEqual(d!.created!.map((c) => c.id));
    }
    expect(seen.size).toBe(d!.counts.created);
  });
});

describe('comments', () => {
  it.each([
    ['公式 a<b 且 c>d', '公式 a<b 且 c>d'],
    ['请看 <https://example.cn>', '请看 <https://example.cn>'],
    ['<b>粗体</b>', '<b>粗体</b>'],
    ['<script>alert(1)</script>', '<script>alert(1)</script>'],
    ['&lt;img src=x onerror=alert(1)&gt;', '&lt;img src=x onerror=alert(1)&gt;'],
    ['  a < b & c\n第二行  ', 'a < b & c\n第二行'],
  ])('are plain text, stored and listed exactly as typed (trimmed): %j', async (typed, stored) => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const saved = await call('/api/comment/save', { ...ref, content: typed }, { token: other.token });
    expect(saved.code).toBe(0);
    expect((saved.data as { content: string }).content).toBe(stored);
    const list = (await call('/api/comment/list', ref, { token: other.token })).data as Page<SpaceComment>;
    expect(list.list[0].content).toBe(stored);
  });

  it('a signed-in user comments; the list shows it; blank or control characters are refused; a visitor cannot', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const saved = await call('/api/comment/save', { ...ref, content: '讲得真好' }, { token: other.token });
    expect(saved.code).toBe(0);
    const list = (await call('/api/comment/list', ref, { token: other.token })).data as Page<SpaceComment>;
    expect(list.list[0].content).toBe('讲得真好');
    expect(list.list[0].canRemove).toBe(true);
    expect((await call('/api/comment/save', { ...ref, content: '   ' }, { token: other.token })).msg).toBe(
      '参数错误：content 请输入评论内容',
    );
    const nul = await call('/api/comment/save', { ...ref, content: '好\u0000课' }, { token: other.token });
    expect(nul).toMatchObject({ code: 1001, msg: '参数错误：content 含有不允许的控制字符' });
    expect((await call('/api/comment/save', { ...ref, content: '好' })).code).toBe(CODE_SESSION_NONE);
    const long = await call('/api/comment/save', { ...ref, content: '长'.repeat(501) }, { token: other.token });
    expect(long.msg).toBe('评论内容不能超过500字');
  });
});

describe('a second account: every write on someone else’s space is refused', () => {
  it('pins, comment removal, and pins addressed to another space', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const comments = (await call('/api/comment/list', ref, { token: learner.token })).data as Page<SpaceComment>;
    const notMine = comments.list.find((c) => c.author.id !== learner.id);
    expect(notMine).toBeDefined();
    const removal = await call('/api/comment/remove', { id: notMine!.id }, { token: learner.token });
    expect(removal.code).not.toBe(0);
    expect(removal.msg).toBe('只能删除自己的评论或自己空间下的评论');
    const pin = await call(
      '/api/space/top/save',
      { ...ref, itemType: 'course', itemId: 1, top: true },
      { token: learner.token },
    );
    expect(pin.code).not.toBe(0);
    expect(pin.msg).toBe('只能修改自己的空间');
    const unpin = await call(
      '/api/space/top/save',
      { ...ref, itemType: 'course', itemId: 1, top: false },
      { token: learner.token },
    );
    expect(unpin.code).not.toBe(0);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops.length).toBe(1);
  });

  it('the owner of a space may remove a comment on it and pin their own course', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const saved = await call('/api/comment/save', { ...ref, content: '待删除的评论' }, { token: learner.token });
    const id = (saved.data as { id: number }).id;
    expect((await call('/api/comment/remove', { id }, { token: teacher.token })).code).toBe(0);
    const d = (await call('/api/space/detail', ref)).data as SpaceDetail;
    const own = d.created?.[1];
    if (own) {
      expect(
        (await call('/api/space/top/save', { itemType: 'course', itemId: own.id, top: true }, { token: teacher.token }))
          .code,
      ).toBe(0);
      expect(
        (
          await call(
            '/api/space/top/save',
            { itemType: 'course', itemId: own.id, top: false },
            { token: teacher.token },
          )
        ).code,
      ).toBe(0);
    }
  });
});

describe('the seeded pin', () => {
  it('is one of the teacher’s own courses, so the owner can unpin it and pin it again', async () => {
    const ref = { kind: 'teacher' as const, id: teacher.tchrId! };
    const d = (await call('/api/space/detail', ref)).data as SpaceDetail;
    const pinned = d.tops[0].course!;
    const own = (await call('/api/space/courses', { ...ref, list: 'created', pageSize: 100 }, { token: teacher.token }))
      .data as Page<CourseCard>;
    expect(own.list.some((c) => c.id === pinned.id)).toBe(true);
    expect(
      (
        await call(
          '/api/space/top/save',
          { itemType: 'course', itemId: pinned.id, top: false },
          { token: teacher.token },
        )
      ).code,
    ).toBe(0);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops).toEqual([]);
    expect(
      (
        await call(
          '/api/space/top/save',
          { itemType: 'course', itemId: pinned.id, top: true },
          { token: teacher.token },
        )
      ).code,
    ).toBe(0);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops.map((t) => t.course?.id)).toEqual([
      pinned.id,
    ]);
  });
});
