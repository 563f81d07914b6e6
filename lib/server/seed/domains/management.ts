/**
 * Demo data of the management area (issue 25); runs last in the seed transaction.
 * - Every demo account with management roles (the `manager`) gets the role 系统管理员 over the whole institution,
 *   as migration 0013 does for the managers of an existing database.
 * - A second manager, `unitmanager`, holds 单位管理员 over 物理研究所 only (and its sub-organisation
 *   凝聚态物理研究室, made here with three learners of known hours).
 * - `learners` (SEED_LEARNERS) extra learners made in bulk by SQL, spread over the organisations, each with a
 *   year of study records, for the unit report's benchmark.
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/server/services/accounts/password';
import { operators, orgs, roleGrants, roles, studyRecords } from '../../db/schema';
import type { SeedContext } from './context';

export const UNIT_MANAGER = {
  userId: 'unitmanager',
  password: 'Unitmgr_2026',
  name: '周立新',
  orgName: '物理研究所',
  role: '单位管理员',
} as const;

export const SUB_ORG_NAME = '凝聚态物理研究室';

/** The sub-organisation's learners: this year's online and offline hours, position level, party member. */
export const SUB_ORG_LEARNERS = [
  { userId: 'cmp01', name: '沈佳怡', online: 52, offline: 95, level: 0, party: false }, // met
  { userId: 'cmp02', name: '韩志远', online: 60, offline: 100, level: 2, party: true }, // short: a leader needs 110
  { userId: 'cmp03', name: '罗晓峰', online: 20, offline: 0, level: 0, party: false }, // short
] as const;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function seedManagement(ctx: SeedContext, learners = 0): Promise<void> {
  const { db, clock } = ctx;
  const roleId = async (name: string) => {
    const [r] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
    return r.id;
  };
  // Production roles require the TOTP second factor (migration 0028); the demo's managers sign in with one step, so
  // the demo and its tests reach the management screens at once. 角色管理 shows the switch.
  await db.update(roles).set({ requireTotp: false });
  await db.execute(
    sql`insert into ${roleGrants} (operator_id, role_id, org_id)
      select o.id, ${await roleId('系统管理员')}, null from ${operators} o where jsonb_array_length(o.cms_roles) > 0`,
  );

  const unit = ctx.orgs.find((o) => o.name === UNIT_MANAGER.orgName) ?? ctx.orgs[0];
  const [sub] = await db
    .insert(orgs)
    .values({ name: SUB_ORG_NAME, shortName: '凝聚态室', kind: 1, parentId: unit.id })
    .returning({ id: orgs.id });
  const [mgr] = await db
    .insert(operators)
    .values({
      userId: UNIT_MANAGER.userId,
      email: `${UNIT_MANAGER.userId}@example.org`,
      name: UNIT_MANAGER.name,
      orgId: unit.id,
      passwordHash: await hashPassword(UNIT_MANAGER.password),
      positionLevel: 1,
      remark: '单位管理员',
      cmsRoles: [UNIT_MANAGER.role],
      createdAt: new Date(clock.today.getTime() - 300 * 86_400_000),
    })
    .returning({ id: operators.id });
  await db.insert(roleGrants).values({ operatorId: mgr.id, roleId: await roleId(UNIT_MANAGER.role), orgId: unit.id });

  const subIds = await db
    .insert(operators)
    .values(
      SUB_ORG_LEARNERS.map((l) => ({
        userId: l.userId,
        email: `${l.userId}@example.org`,
        name: l.name,
        orgId: sub.id,
        passwordHash: '!disabled',
        positionLevel: l.level,
        remark: l.party ? '党员' : '学员',
        audience: l.party ? 'party' : 'general',
      })),
    )
    .returning({ id: operators.id });
  const month = clock.month;
  const trainPool = ctx.catalogue.pastTrainIds.length ? ctx.catalogue.pastTrainIds : ctx.catalogue.trainIds;
  await db.insert(studyRecords).values(
    SUB_ORG_LEARNERS.flatMap((l, i) =>
      (['online', 'offline'] as const)
        .filter((kind) => l[kind] > 0)
        .map((kind) => ({
          operatorId: subIds[i].id,
          year: clock.year,
          month,
          kind,
          seconds: l[kind] * 3600,
          // Every record names what it was for, as the rankings and the archive expect.
          courseId: kind === 'online' ? ctx.catalogue.courseIds[i % ctx.catalogue.courseIds.length] : null,
          trainId: kind === 'offline' ? trainPool[i % trainPool.length] : null,
        })),
    ),
  );

  if (learners > 0) await seedBulkLearners(ctx, learners);
}

/**
 * `count` learners in one statement (login names b000001...), round-robin over the organisations, and their study records
 * of this year up to this month (one online and, in some months, one offline record a month), with hours drawn
 * from the id by a fixed formula so that the same count gives the same data.
 */
async function seedBulkLearners(ctx: SeedContext, count: number): Promise<void> {
  const { db, clock } = ctx;
  const orgIds = rowsOf<{ id: number }>(await db.execute(sql`select id from ${orgs} order by id`)).map((r) =>
    Number(r.id),
  );
  const orgArray = sql.raw(`'{${orgIds.join(',')}}'::int[]`);
  await db.execute(sql`insert into ${operators} (user_id, email, name, org_id, password_hash, gender, position_level,
        remark, audience, created_at)
      select 'b' || lpad(g::text, 6, '0'), null, '学员' || g, (${orgArray})[1 + (g % ${orgIds.length}::int)], '!disabled',
        1 + (g % 2), case when g % 10 < 6 then 0 when g % 10 < 8 then 1 else 2 end,
        case when g % 7 = 0 then '党员' else '学员' end, case when g % 7 = 0 then 'party' else 'general' end,
        ${clock.today.toISOString()}::timestamptz - interval '400 days'
      from generate_series(1, ${count}::int) g`);
  const courseIds = sql.raw(`'{${ctx.catalogue.courseIds.join(',')}}'::int[]`);
  const pool = ctx.catalogue.pastTrainIds.length ? ctx.catalogue.pastTrainIds : ctx.catalogue.trainIds;
  const trainIds = sql.raw(`'{${pool.join(',')}}'::int[]`);
  await db.execute(sql`insert into ${studyRecords} (operator_id, year, month, kind, seconds, course_id, created_at)
    select o.id, ${clock.year}::int, m, 'online', 1800 + ((o.id * 7919 + m * 104729) % 36000),
      (${courseIds})[1 + ((o.id + m) % ${ctx.catalogue.courseIds.length}::int)],
      make_timestamptz(${clock.year}::int, m, 10, 4, 0, 0, 'UTC')
    from ${operators} o cross join generate_series(1, ${clock.month}::int) m
    where o.user_id ~ '^b[0-9]{6}$' and o.email is null`);
  await db.execute(sql`insert into ${studyRecords} (operator_id, year, month, kind, seconds, train_id, created_at)
    select o.id, ${clock.year}::int, m, 'offline', 3600 * (4 + ((o.id * 31 + m * 17) % 40)),
      (${trainIds})[1 + ((o.id + m) % ${pool.length}::int)],
      make_timestamptz(${clock.year}::int, m, 20, 4, 0, 0, 'UTC')
    from ${operators} o cross join generate_series(1, ${clock.month}::int) m
    where o.user_id ~ '^b[0-9]{6}$' and o.email is null and (o.id + m) % 3 = 0`);
}
