/**
 * Spaces (issue 6 point 1, 5): the public detail per privacy, follow/unfollow, fans and follows lists,
 * pinned items, sanitised comments, privacy settings; and a second account whose every write on
 * someone else's space is refused.
 */
import { eq } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/sessions';
import { CODE_SESSION_NONE } from '@/lib/api/messages';
import type { SpaceComment, SpaceDetail, FollowState, SpacePerson } from '@/lib/api/spaces';
import type { Page } from '@/lib/api/types';
import type { Site } from '@/lib/variants';
import { sanitizeComment } from '@/lib/server/services/spaces';

const main: Site = { variant: 'main', dx: false };
const call = (path: string, body: unknown = {}, token: string | null = null, site: Site = main) => callEndpoint(path, body, { token, site });

async function account(userId: string) {
  const [op] = await (await db()).select({ id: operators.id, tchrId: operators.tchrId }).from(operators).where(eq(operators.userId, userId));
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
    const res = await call('/api/space/detail', { kind: 'teacher', id: teacher.tchrId });
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
    const bad = await call('/api/space/detail', { kind: 'admin', id: 1 });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toMatch(/参数错误：kind/);
  });

  it('the own space is the teacher space with a tchrId, the student space otherwise', async () => {
    expect((await call('/api/space/mine', {}, teacher.token)).data).toEqual({ kind: 'teacher', id: teacher.tchrId });
    expect((await call('/api/space/mine', {}, learner.token)).data).toEqual({ kind: 'student', id: learner.id });
  });
});

describe('follow, fans and follows', () => {
  it('follow and unfollow change the fans count and both lists; a visitor cannot follow', async () => {
    const ref = { kind: 'teacher', id: teacher.tchrId };
    expect((await call('/api/space/follow', ref)).code).toBe(CODE_SESSION_NONE);
    const before = ((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans;
    const on = await call('/api/space/follow', ref, other.token);
    expect(on.code).toBe(0);
    expect((on.data as FollowState).followed).toBe(true);
    expect((await call('/api/space/follow', ref, other.token)).code).toBe(0); // idempotent
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans).toBe(before + 1);
    const fans = (await call('/api/space/fans', { ...ref, pageSize: 50 })).data as Page<SpacePerson>;
    expect(fans.list.some((p) => p.kind === 'student' && p.id === other.id)).toBe(true);
    const follows = (await call('/api/space/follows', { kind: 'student', id: other.id })).data as Page<SpacePerson>;
    expect(follows.list.some((p) => p.kind === 'teacher' && p.id === teacher.tchrId)).toBe(true);
    const off = await call('/api/space/unfollow', ref, other.token);
    expect((off.data as FollowState).followed).toBe(false);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).counts.fans).toBe(before);
  });

  it('nobody follows their own space', async () => {
    const res = await call('/api/space/follow', { kind: 'teacher', id: teacher.tchrId }, teacher.token);
    expect(res.code).not.toBe(0);
    expect(res.msg).toBe('不能关注自己');
  });
});

describe('privacy', () => {
  it('hidden lists are not shown on the space; settings are only the caller’s own', async () => {
    const ref = { kind: 'student', id: learner.id };
    const shown = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(shown.studied).not.toBeNull();
    const saved = await call('/api/space/privacy/save', { showCreated: true, showStudied: false, showFollows: false, showFans: true }, learner.token);
    expect(saved.code).toBe(0);
    const hidden = (await call('/api/space/detail', ref)).data as SpaceDetail;
    expect(hidden.studied).toBeNull();
    expect(hidden.counts.follows).toBe(0);
    expect(((await call('/api/space/follows', ref)).data as Page<SpacePerson>).list).toEqual([]);
    expect((await call('/api/space/privacy/detail', {}, learner.token)).data).toMatchObject({ showStudied: false });
    // another account's save changes only its own settings
    await call('/api/space/privacy/save', { showCreated: true, showStudied: true, showFollows: true, showFans: true }, other.token);
    expect((await call('/api/space/privacy/detail', {}, learner.token)).data).toMatchObject({ showStudied: false });
    await call('/api/space/privacy/save', { showCreated: true, showStudied: true, showFollows: true, showFans: true }, learner.token);
    expect((await call('/api/space/privacy/save', { showCreated: 'yes' }, learner.token)).code).not.toBe(0);
  });
});

describe('comments', () => {
  it('are sanitised: tags and scripts dropped, text kept', () => {
    expect(sanitizeComment('<script>alert(1)</script>好课<b>!</b>')).toBe('好课!');
    expect(sanitizeComment('<img src=x onerror=alert(1)>a < b & c')).toBe('a < b & c');
    expect(sanitizeComment('<svg onload=alert(1)></svg>')).toBe('');
  });

  it('a signed-in user comments; the list shows it; empty after sanitising is refused; a visitor cannot', async () => {
    const ref = { kind: 'teacher', id: teacher.tchrId };
    const saved = await call('/api/comment/save', { ...ref, content: '<b onclick="x()">讲得真好</b><script>steal()</script>' }, other.token);
    expect(saved.code).toBe(0);
    expect((saved.data as { content: string }).content).toBe('讲得真好');
    const list = (await call('/api/comment/list', ref, other.token)).data as Page<SpaceComment>;
    expect(list.list[0].content).toBe('讲得真好');
    expect(list.list[0].canRemove).toBe(true);
    const empty = await call('/api/comment/save', { ...ref, content: '<script>x</script>' }, other.token);
    expect(empty.msg).toBe('请输入评论内容');
    expect((await call('/api/comment/save', { ...ref, content: '好' })).code).toBe(CODE_SESSION_NONE);
    const long = await call('/api/comment/save', { ...ref, content: '长'.repeat(501) }, other.token);
    expect(long.msg).toBe('评论内容不能超过500字');
  });
});

describe('a second account: every write on someone else’s space is refused', () => {
  it('pins, comment removal, and pins addressed to another space', async () => {
    const ref = { kind: 'teacher', id: teacher.tchrId };
    const comments = (await call('/api/comment/list', ref, learner.token)).data as Page<SpaceComment>;
    const notMine = comments.list.find((c) => c.author.id !== learner.id);
    expect(notMine).toBeDefined();
    const removal = await call('/api/comment/remove', { id: notMine!.id }, learner.token);
    expect(removal.code).not.toBe(0);
    expect(removal.msg).toBe('只能删除自己的评论或自己空间下的评论');
    const pin = await call('/api/space/top/save', { ...ref, itemType: 'course', itemId: 1, top: true }, learner.token);
    expect(pin.code).not.toBe(0);
    expect(pin.msg).toBe('只能修改自己的空间');
    const unpin = await call('/api/space/top/save', { ...ref, itemType: 'course', itemId: 1, top: false }, learner.token);
    expect(unpin.code).not.toBe(0);
    expect(((await call('/api/space/detail', ref)).data as SpaceDetail).tops.length).toBe(1);
  });

  it('the owner of a space may remove a comment on it and pin their own course', async () => {
    const ref = { kind: 'teacher', id: teacher.tchrId };
    const saved = await call('/api/comment/save', { ...ref, content: '待删除的评论' }, learner.token);
    const id = (saved.data as { id: number }).id;
    expect((await call('/api/comment/remove', { id }, teacher.token)).code).toBe(0);
    const d = (await call('/api/space/detail', ref)).data as SpaceDetail;
    const own = d.created?.[1];
    if (own) {
      expect((await call('/api/space/top/save', { itemType: 'course', itemId: own.id, top: true }, teacher.token)).code).toBe(0);
      expect((await call('/api/space/top/save', { itemType: 'course', itemId: own.id, top: false }, teacher.token)).code).toBe(0);
    }
  });
});
