/**
 * The demo-data seed: counts at scale 1, audiences, apply cases, demo accounts, determinism.
 * Runs on its own in-memory PGlite (needs NODE_OPTIONS=--experimental-vm-modules).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '@/lib/server/db';
import * as schema from '@/lib/server/db/schema';
import { seed } from '@/lib/server/seed';
import { DEMO_ACCOUNTS } from '@/lib/server/seed/accounts';
import { verifyPassword } from '@/lib/server/services/accounts/password';

const NOW = new Date('2026-05-14T00:00:00Z');
const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');

async function freshSeeded(now = NOW): Promise<PGlite> {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  await seed(db as unknown as Db, { scale: 1, now });
  return client;
}

async function rows<T>(client: PGlite, query: string, params: unknown[] = []): Promise<T[]> {
  return (await client.query<T>(query, params)).rows;
}

async function count(client: PGlite, query: string, params: unknown[] = []): Promise<number> {
  const [row] = await rows<{ n: number }>(client, `select count(*)::int as n from (${query}) q`, params);
  return row.n;
}

describe('demo-data seed', () => {
  let client: PGlite;

  // How long seeding takes is measured by the benchmark, not asserted here (timings vary with the machine's load).
  beforeAll(async () => {
    client = await freshSeeded();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('has the catalogue counts of scale 1', async () => {
    // 20 organisations, and the management area's sub-organisation of 物理研究所 (seed/domains/management.ts).
    expect(await count(client, 'select id from orgs where parent_id is null')).toBe(20);
    expect(await count(client, 'select id from orgs where parent_id is not null')).toBe(1);
    expect(await count(client, 'select id from courses')).toBeGreaterThanOrEqual(200);
    const categories = await rows<{ c: number }>(
      client,
      'select distinct category_code::int as c from courses order by 1',
    );
    expect(categories.map((r) => r.c)).toEqual([301, 302, 303, 304, 305, 306]);
    for (const c of [301, 302, 303, 304, 305, 306]) {
      expect(
        await count(client, 'select id from course_types where category_code = $1 and parent_id is null', [c]),
      ).toBe(1);
      const children = await count(
        client,
        'select id from course_types where category_code = $1 and parent_id is not null',
        [c],
      );
      expect(children).toBeGreaterThanOrEqual(3);
      expect(children).toBeLessThanOrEqual(5);
    }
    expect(await count(client, 'select id from series')).toBeGreaterThanOrEqual(40);
    expect(await count(client, 'select id from series where is_recommended')).toBeGreaterThanOrEqual(10);
    expect(await count(client, 'select id from trains')).toBeGreaterThanOrEqual(60);
    expect(await count(client, 'select id from trains where type = 5001')).toBeGreaterThan(0);
    expect(await count(client, 'select id from trains where type = 5002')).toBeGreaterThan(0);
    expect(await count(client, 'select id from teachers')).toBeGreaterThanOrEqual(40);
    expect(await count(client, 'select id from teachers where type = 1')).toBeGreaterThan(0);
    expect(await count(client, 'select id from teachers where type = 2')).toBeGreaterThan(0);
    expect(await count(client, 'select id from news')).toBeGreaterThanOrEqual(100);
    expect(await count(client, 'select id from notices')).toBeGreaterThanOrEqual(50);
    expect(await count(client, 'select id from notices where is_top')).toBeGreaterThan(0);
    expect(await count(client, 'select id from banners')).toBe(5);
    expect(await count(client, 'select id from live_classes')).toBe(24);
  });

  it('keeps course fields in their ranges', async () => {
    const [r] = await rows<Record<string, number>>(
      client,
      `select min(duration_seconds) dmin, max(duration_seconds) dmax, min(chapter_count) cmin, max(chapter_count) cmax,
              min(score) smin, max(score) smax, count(*) filter (where is_hot)::int hot, count(*)::int n,
              count(*) filter (where audit_status <> 1052)::int unaudited,
              count(*) filter (where teacher_id is null or course_type_id is null or cover = '' or summary = '')::int incomplete
       from courses`,
    );
    // A course is as long as its chapters, each one of the demo clips (4 to 6 minutes).
    expect(r.dmin).toBeGreaterThanOrEqual(240);
    expect(r.dmax).toBeLessThanOrEqual(12 * 360);
    expect(
      await count(
        client,
        `select c.id from courses c join course_chapters ch on ch.course_id = c.id
         group by c.id having c.duration_seconds <> sum(ch.duration_seconds) or c.chapter_count <> count(*)`,
      ),
    ).toBe(0);
    expect(r.cmin).toBeGreaterThanOrEqual(1);
    expect(r.cmax).toBeLessThanOrEqual(12);
    expect(r.smin).toBeGreaterThanOrEqual(35);
    expect(r.smax).toBeLessThanOrEqual(50);
    expect(r.hot / r.n).toBeGreaterThan(0.1);
    expect(r.hot / r.n).toBeLessThan(0.2);
    expect(r.unaudited).toBe(0);
    expect(r.incomplete).toBe(0);
  });

  it('has every visitor-visible apply case among the trains', async () => {
    const cases = await rows<{ c: number; n: number }>(
      client,
      `select case
                when apply_mode = 1 then 1
                when apply_mode = 9 then 9
                when apply_start_at is null or apply_end_at is null then 2
                when apply_start_at > $1 then 3
                when apply_end_at >= $1 then 4
                else 5
              end as c, count(*)::int as n
       from trains group by 1 order by 1`,
      [NOW],
    );
    const byCase = Object.fromEntries(cases.map((r) => [r.c, r.n]));
    for (const c of [1, 2, 3, 4, 5, 9]) expect(byCase[c]).toBeGreaterThanOrEqual(3);
    // Apply mode 0 with null dates exists, and apply windows close before the train starts or on it.
    expect(
      await count(
        client,
        'select id from trains where apply_mode = 0 and apply_start_at is null and apply_end_at is null',
      ),
    ).toBeGreaterThan(0);
    expect(await count(client, 'select id from trains where apply_end_at < apply_start_at or end_at < start_at')).toBe(
      0,
    );
    // A good number in the current month, both online and offline.
    expect(
      await count(
        client,
        `select id from trains where start_at >= '2026-05-01T00:00:00Z' and start_at < '2026-06-01T00:00:00Z'`,
      ),
    ).toBeGreaterThanOrEqual(10);
    expect(await count(client, 'select id from trains where is_online')).toBeGreaterThan(0);
    expect(await count(client, 'select id from trains where not is_online')).toBeGreaterThan(0);
    // The criteria codes come from the seeded dictionaries.
    for (const [col, dict] of [
      ['train_type_id', 'trainType'],
      ['org_source', 'orgSource'],
      ['item_type', 'itemType'],
    ]) {
      expect(
        await count(
          client,
          `select t.id from trains t left join dictionaries d on d.dict_type = $1 and d.code = t.${col} where d.code is null`,
          [dict],
        ),
      ).toBe(0);
    }
  });

  it('publishes every audience widely', async () => {
    const minimums: [string, number][] = [
      ['courses', 40],
      ['series', 10],
      ['trains', 15],
      ['news', 20],
      ['notices', 10],
      ['teachers', 10],
      ['banners', 3],
      ['live_classes', 5],
    ];
    for (const [table, min] of minimums) {
      for (const audience of ['general', 'party', 'student']) {
        const n = await count(client, `select id from ${table} where $1 = any(audiences)`, [audience]);
        if (n < min) throw new Error(`${table}: only ${n} rows for audience ${audience}, want ${min}`);
      }
    }
    // Party theory (301) is mostly party content.
    const party301 = await count(
      client,
      `select id from courses where category_code = 301 and 'party' = any(audiences)`,
    );
    expect(party301).toBeGreaterThanOrEqual(30);
  });

  it('has live classes in the past (with recordings), now and ahead', async () => {
    expect(
      await count(client, 'select id from live_classes where end_at < $1 and record_hours > 0', [NOW]),
    ).toBeGreaterThan(0);
    expect(
      await count(client, 'select id from live_classes where start_at <= $1 and end_at > $1', [NOW]),
    ).toBeGreaterThanOrEqual(1);
    expect(await count(client, 'select id from live_classes where start_at > $1', [NOW])).toBeGreaterThan(0);
  });

  it('links banners to existing courses or trains', async () => {
    const banners = await rows<{ link: string; image_url: string }>(
      client,
      'select link, image_url from banners order by sort',
    );
    for (const b of banners) {
      expect(b.image_url).toMatch(/^\/banners\/banner-[1-5]\.svg$/);
      const m = /^\/(course|train)\/detail\?id=(\d+)$/.exec(b.link);
      expect(m).not.toBeNull();
      const table = m![1] === 'course' ? 'courses' : 'trains';
      expect(await count(client, `select id from ${table} where id = $1`, [Number(m![2])])).toBe(1);
    }
  });

  it('seeds the dictionaries and the site settings', async () => {
    const types = await rows<{ t: string; n: number }>(
      client,
      'select dict_type t, count(*)::int n from dictionaries group by 1',
    );
    const byType = Object.fromEntries(types.map((r) => [r.t, r.n]));
    expect(byType).toMatchObject({
      trainType: 5,
      orgSource: 4,
      itemType: 4,
      gender: 2,
      positionLevel: 6,
      trainApplyStatus: 9,
      auditType: 6,
      examType: 2,
      examReplyType: 3,
      homeModule: 6,
      homeCourseType: 6,
    });
    const settings = await rows<{ key: string; value: unknown }>(client, 'select key, value from site_settings');
    const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]));
    const detail = byKey.platformDetail as { siteName: string; studyImage: string; homeImage: string };
    expect(detail.siteName).toBe('继续教育网络学院');
    expect(JSON.parse(detail.homeImage)).toEqual({
      background: '/banners/banner-3.svg',
      document: '/banners/banner-4.svg',
    });
    expect(JSON.parse(detail.studyImage).background).toBe('/banners/banner-1.svg');
    expect(byKey.auditSetting).toEqual({ isMachine: true, isManual: false });
    expect(byKey.stuLogo).toBe('/logos/student.svg');
  });

  it('the party member and the graduate student have, in 我的课程, the courses behind their online hours of the year', async () => {
    for (const userId of ['party', 'student']) {
      const [{ hours, courses, finished }] = await rows<{ hours: number; courses: number; finished: number }>(
        client,
        `select (select coalesce(sum(r.seconds), 0)::int from study_records r where r.operator_id = p.id and r.kind = 'online' and r.year = 2026) as hours,
                (select count(*)::int from course_enrolments e where e.operator_id = p.id) as courses,
                (select count(*)::int from course_enrolments e where e.operator_id = p.id and e.progress = 100 and e.finished_at is not null) as finished
           from operators p where p.user_id = $1`,
        [userId],
      );
      expect(hours).toBeGreaterThan(0);
      expect(courses).toBeGreaterThan(0);
      expect(finished).toBe(courses);
    }
  });

  it('creates the nine demo accounts with hashed passwords', async () => {
    expect(DEMO_ACCOUNTS.map((a) => a.userId)).toEqual([
      'learner',
      'teacher',
      'manager',
      'party',
      'student',
      'newbie',
      'lecturer',
      'curator',
      'smsuser',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const [op] = await rows<{
        password_hash: string;
        audience: string;
        is_activated: boolean;
        is_default_password: boolean;
        email: string | null;
        org_id: number | null;
        tchr_id: number | null;
        cms_roles: string[];
        position_level: number;
      }>(client, 'select * from operators where user_id = $1', [account.userId]);
      expect(op).toBeDefined();
      expect(op.password_hash).not.toBe(account.password);
      expect(op.password_hash).not.toContain(account.password);
      expect(await verifyPassword(account.password, op.password_hash)).toBe(true);
      expect(op.is_activated).toBe(true);
      expect(op.audience).toBe(account.audience);
      expect(op.org_id).not.toBeNull();
      expect(op.position_level).toBe(account.positionLevel);
      if (account.userId === 'newbie') {
        expect(op.is_default_password).toBe(true);
        expect(op.email).toBeNull();
      } else {
        expect(op.is_default_password).toBe(false);
        expect(op.email).toMatch(/@/);
      }
      if (account.userId === 'teacher') expect(op.tchr_id).toBe(1);
      if (account.userId === 'lecturer') expect(op.tchr_id).toBe(2);
      if (account.userId === 'curator') expect(op.tchr_id).toBe(3);
      if (account.userId === 'manager') expect(op.cms_roles).toEqual(['内容管理员', '培训管理员']);
    }
    const [learnerOrg] = await rows<{ name: string }>(
      client,
      `select o.name from operators p join orgs o on o.id = p.org_id where p.user_id = 'learner'`,
    );
    expect(learnerOrg.name).toBe('物理研究所');
  });

  it('generates ~200 learners that cannot log in, over all orgs', async () => {
    // 200 generated learners and the 3 of the management area's sub-organisation.
    expect(await count(client, `select id from operators where password_hash = '!disabled'`)).toBe(203);
    expect(
      await count(
        client,
        `select id from operators where user_id ~ '^u[0-9]{4}$' and email = user_id || '@example.org'`,
      ),
    ).toBe(200);
    expect(await count(client, 'select distinct org_id from operators')).toBe(21);
  });

  it('records study time for rankings, and ~31 h online / ~52 h offline for the demo learner this year', async () => {
    const learner = await rows<{ kind: string; h: number }>(
      client,
      `select r.kind, sum(r.seconds)::float / 3600 as h from study_records r join operators o on o.id = r.operator_id
       where o.user_id = 'learner' and r.year = 2026 group by 1`,
    );
    const h = Object.fromEntries(learner.map((r) => [r.kind, r.h]));
    expect(h.online).toBeCloseTo(31, 0);
    expect(h.offline).toBeCloseTo(52, 0);
    // Only months up to the current one this year; both years present; ids point where they should.
    expect(await count(client, 'select id from study_records where year = 2026 and month > 5')).toBe(0);
    expect(await count(client, 'select id from study_records where year = 2025')).toBeGreaterThan(1000);
    expect(await count(client, `select id from study_records where kind = 'online' and course_id is null`)).toBe(0);
    expect(await count(client, `select id from study_records where kind = 'offline' and train_id is null`)).toBe(0);
    expect(
      await count(client, 'select distinct operator_id from study_records where year = 2026'),
    ).toBeGreaterThanOrEqual(180);
    expect(
      await count(client, 'select distinct o.org_id from study_records r join operators o on o.id = r.operator_id'),
    ).toBe(21); // with the management area's sub-organisation
  });

  it('is deterministic for the same now', async () => {
    const other = await freshSeeded();
    try {
      const q = 'select title from courses order by id';
      expect(await rows(other, q)).toEqual(await rows(client, q));
      const t = 'select id, title, start_at, end_at, apply_start_at, apply_end_at, apply_mode from trains order by id';
      expect(await rows(other, t)).toEqual(await rows(client, t));
      const s = 'select operator_id, year, month, kind, seconds, course_id, train_id from study_records order by id';
      expect(await rows(other, s)).toEqual(await rows(client, s));
      const p = 'select id, user_id, name, org_id from operators order by id';
      expect(await rows(other, p)).toEqual(await rows(client, p));
    } finally {
      await other.close();
    }
  });
});
