/**
 * Search that understands Chinese (issue 26), on PGlite and on PostgreSQL (DATABASE_URL): exact words, pinyin,
 * initials, a near miss with its 您是不是要找, mixed Chinese and English, a teacher's name, and a record written
 * through the invalidation found at once. PRINT_SEARCH_TABLE=1 prints what the 20 queries of docs/benchmarks.md find.
 */
import { eq } from 'drizzle-orm';
import { testClient } from '../support/client';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { courses, searchDocs, teachers } from '@/lib/server/db/schema';
import { invalidate } from '@/lib/server/cache';
import { TAGS } from '@/lib/cache-tags';

const { call } = testClient();
const courseSearch = (key: string) => call('/api/search/course', { key, pageSize: 50 });

beforeAll(async () => {
  const handle = await getDbHandle();
  console.info(`search suite on ${handle.kind}`);
}, 120_000);
afterAll(() => closeDb());

describe('search that understands Chinese', () => {
  it('exact: every course found contains the word, title matches first, the word highlighted', async () => {
    const res = await courseSearch('党史');
    expect(res.code).toBe(0);
    expect(res.data.total).toBeGreaterThan(0);
    expect(res.data.terms).toContain('党史');
    expect(res.data.suggestion).toBeUndefined();
    const first = res.data.list[0];
    expect(first.title).toContain('党史');
  });

  it('pinyin and initials find what the Chinese finds, and highlight the Chinese', async () => {
    const zh = await courseSearch('党史');
    const full = await courseSearch('dangshi');
    expect(full.data.total).toBeGreaterThanOrEqual(zh.data.list.filter((x) => x.title.includes('党史')).length);
    // Homophones (党十 in 治党十讲) match too, so the Chinese titles are among the results, not all of them.
    expect(full.data.list.filter((x) => x.title.includes('党史')).length).toBeGreaterThan(0);
    expect(full.data.terms).toContain('党史');
    const initials = await courseSearch('rgzn');
    expect(initials.data.total).toBeGreaterThan(0);
    expect(initials.data.list[0].title).toContain('人工智能');
    expect(initials.data.terms).toContain('人工智能');
  });

  it('a near miss (人工只能) finds 人工智能 and suggests it', async () => {
    const exact = await call('/api/search/full', { key: '人工智能' });
    const typo = await call('/api/search/full', { key: '人工只能' });
    expect(typo.code).toBe(0);
    expect(typo.data.counts.course).toBeGreaterThan(0);
    expect(typo.data.top.course[0].title).toContain('人工智能');
    expect(typo.data.suggestion).toBe('人工智能');
    expect(typo.data.terms).toContain('人工智能');
    expect(exact.data.suggestion).toBeUndefined();
    const tab = await courseSearch('人工只能');
    expect(tab.data.suggestion).toBe('人工智能');
    // Nothing alike: no result and no suggestion.
    const none = await courseSearch('无此关键词之课程');
    expect(none.data).toMatchObject({ total: 0, list: [] });
    expect(none.data.suggestion).toBeUndefined();
  });

  it('mixed Chinese and English: both must occur, either order, any case', async () => {
    const res = await courseSearch('Python 科学计算');
    expect(res.data.total).toBeGreaterThan(0);
    for (const item of res.data.list.slice(0, 3)) expect(item.title.toLowerCase()).toContain('python');
    const reversed = await courseSearch('科学计算 PYTHON');
    expect(reversed.data.total).toBe(res.data.total);
  });

  it("a teacher's name finds the teacher and the teacher's courses, by Chinese and by pinyin", async () => {
    const d = await db();
    const [t] = await d
      .select({ id: teachers.id, name: teachers.name })
      .from(teachers)
      .innerJoin(courses, eq(courses.teacherId, teachers.id))
      .where(eq(courses.auditStatus, 1052))
      .limit(1);
    const full = await call('/api/search/full', { key: t.name });
    expect(full.data.top.teacher.map((x) => x.id)).toContain(t.id);
    expect(full.data.counts.course).toBeGreaterThan(0);
    expect(full.data.top.course[0].meta).toContain(t.name);
    const { syllables } = await import('@/lib/server/services/search/text');
    const byPinyin = await call('/api/search/teacher', { key: syllables(t.name).join('') });
    expect(byPinyin.data.list.map((x) => x.id)).toContain(t.id);
  });

  it('a course renamed through the invalidation is found by its new words at once', async () => {
    const d = await db();
    const [c] = await d
      .select({ id: courses.id, title: courses.title })
      .from(courses)
      .where(eq(courses.auditStatus, 1052))
      .limit(1);
    await d
      .update(courses)
      .set({ title: `${c.title}量子纠缠` })
      .where(eq(courses.id, c.id));
    await invalidate(TAGS.courses);
    try {
      expect((await courseSearch('量子纠缠')).data.list.map((x) => x.id)).toContain(c.id);
      expect((await courseSearch('liangzijiuchan')).data.list.map((x) => x.id)).toContain(c.id);
    } finally {
      await d.update(courses).set({ title: c.title }).where(eq(courses.id, c.id));
      await invalidate(TAGS.courses);
    }
    expect((await courseSearch('量子纠缠')).data.total).toBe(0);
    const docs = await d.select({ n: searchDocs.refId }).from(searchDocs).where(eq(searchDocs.tab, 'course'));
    expect(docs.length).toBeGreaterThan(100);
  });

  const TABLE = [
    '党史',
    '党员',
    '科研',
    '人工智能',
    '学习党史',
    '党史学习教育',
    '习近平',
    '新时代',
    'dangshi',
    'ds',
    'rengongzhineng',
    'rgzn',
    'keyan',
    '人工只能',
    '科研数剧',
    '党史学系',
    'Python 科学计算',
    'AI 大模型',
    '',
    '无此关键词之课程',
  ];

  (process.env.PRINT_SEARCH_TABLE ? it : it.skip)('prints the README table', async () => {
    const d = await db();
    const [t] = await d.select({ name: teachers.name }).from(teachers).orderBy(teachers.id).limit(1);
    const lines: string[] = [];
    for (const key of TABLE.map((k) => k || t.name)) {
      const r = await call('/api/search/full', { key });
      const total = Object.values(r.data.counts ?? {}).reduce((a, b) => a + b, 0);
      const best = Object.values(r.data.top ?? {})
        .flat()
        .sort((a, b) => b.score - a.score)[0];
      lines.push(
        `| ${key} | ${total} (${r.data.counts?.course ?? 0}) | ${best?.title ?? ''} | ${r.data.suggestion ?? ''} |`,
      );
    }
    console.info(lines.join('\n'));
  });
});

/**
 * SEARCH_LATENCY=1 (with SEED_SCALE=10 for the 10x catalogue): the time of full searches for keywords nobody
 * asked before (each computes six tabs; the answer cache never helps), as p50 / p99.
 */
(process.env.SEARCH_LATENCY ? it : it.skip)(
  'prints the latency of uncached full searches',
  async () => {
    const chars = '科研管理党建创新数据安全政策教育培训人才技术经济法律国际文化历史生态能源信息网络工程医学农业';
    const keys = [...chars].flatMap((a, i) => [...chars].slice(i + 1, i + 4).map((b) => a + b));
    keys.push('dangshi', 'rgzn', 'keyan', '人工只能', '科研数剧', 'Python 科学计算', 'xinshidai', 'shuju');
    await call('/api/search/full', { key: '预热' });
    // Wall time, and this process's CPU time: PGlite runs inside it, so on a busy machine the CPU time is the
    // steadier measure of the work (on PostgreSQL it leaves out the server's part).
    const times: number[] = [];
    const cpu: number[] = [];
    for (const key of keys) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const r = await call('/api/search/full', { key });
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
      times.push(performance.now() - t0);
      expect(r.code).toBe(0);
    }
    const at = (list: number[], p: number) =>
      [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))].toFixed(1);
    console.info(
      `uncached full search, ${times.length} keywords: p50 ${at(times, 0.5)} ms, p99 ${at(times, 0.99)} ms;` +
        ` CPU p50 ${at(cpu, 0.5)} ms, p99 ${at(cpu, 0.99)} ms; slowest ` +
        keys
          .map((key, i) => ({ key, ms: times[i] }))
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 4)
          .map((x) => `${x.key} ${x.ms.toFixed(0)} ms`)
          .join(', '),
    );
  },
  600_000,
);
