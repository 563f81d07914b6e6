/**
 * The unit report (issue 25, 本单位): every learner of the manager's organisations with the year's hours against
 * the requirement of their position level (SPEC 1), the ones short of it first; their courses and training projects
 * completed and exams passed; totals and the months. Everything is summed in SQL; only a page (or an export's
 * batch) of rows reaches Node.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  LEADER_POSITION_LEVEL,
  REQUIRED_OFFLINE_HOURS,
  REQUIRED_OFFLINE_HOURS_LEADER,
  REQUIRED_ONLINE_HOURS,
} from '@/lib/constants';
import {
  MSG_NO_ORG_POWER,
  type UnitLearnerRow,
  type UnitMonth,
  type UnitReport,
  type UnitTotals,
} from '@/lib/contract/management';
import type { UnitFilters } from '@/lib/validation/management';
import { db, getDbHandle, type Db } from '@/lib/server/db';
import { CODE_FORBIDDEN, ServiceError } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { requireAnyPower, type PowerScope } from './powers';
import { orgsFor } from './roles';
import { yearOf } from '../scope';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/**
 * Runs a report statement. On PostgreSQL without JIT: these statements aggregate many rows once, and compiling them
 * cost more than running them (a few hundred ms a statement), which made each export batch slow.
 */
async function reportQuery<T>(run: (d: Db) => Promise<T>): Promise<T> {
  const handle = await getDbHandle();
  if (handle.kind !== 'postgres') return run(handle.db);
  return handle.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return run(tx as unknown as Db);
  });
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const intList = (ids: number[]) => sql.raw(`'{${ids.map(Number).join(',')}}'::int[]`);

/** The report's organisations: the scope, narrowed to one organisation's subtree when the filter names one. */
export interface ReportTarget {
  year: number;
  /** null: every organisation (a whole-institution manager without an organisation filter). */
  orgIds: number[] | null;
  filters: UnitFilters;
  /** [start, end) of the year in Beijing time. */
  from: Date;
  to: Date;
}

async function subtree(orgId: number): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await (
      await db()
    ).execute(sql`with recursive t as (select id from orgs where id = ${orgId}
      union select o.id from orgs o join t on o.parent_id = t.id) select id from t`),
  );
  return rows.map((r) => Number(r.id));
}

/** Checks the power and the organisation filter, and fixes the year. */
export async function reportTarget(user: SessionUser, filters: UnitFilters, now = new Date()): Promise<ReportTarget> {
  const scope: PowerScope = await requireAnyPower(user, 'unit-report');
  const year = filters.year ?? yearOf(now);
  let orgIds: number[] | null = scope.all ? null : scope.orgIds;
  if (filters.orgId !== undefined) {
    if (!scope.all && !scope.orgIds.includes(filters.orgId)) throw new ServiceError(MSG_NO_ORG_POWER, CODE_FORBIDDEN);
    orgIds = await subtree(filters.orgId);
  }
  return { ...yearTarget(year, filters), orgIds };
}

/** Every organisation's learners in a year: the target of the scheduled hours reminder (no manager behind it). */
export function yearTarget(year: number, filters: UnitFilters = {}): ReportTarget {
  const beijing = 8 * 3600_000;
  return {
    year,
    orgIds: null,
    filters,
    from: new Date(Date.UTC(year, 0, 1) - beijing),
    to: new Date(Date.UTC(year + 1, 0, 1) - beijing),
  };
}

/** The learners the filters select (besides met / not met, which needs their hours). */
function baseWhere(t: ReportTarget): SQL {
  const parts: SQL[] = [sql`o.org_id is not null`];
  if (t.orgIds) parts.push(sql`o.org_id = any(${intList(t.orgIds)})`);
  const f = t.filters;
  if (f.positionLevel !== undefined) parts.push(sql`o.position_level = ${f.positionLevel}::int`);
  if (f.partyMember !== undefined) parts.push(sql`(o.audience = 'party') = ${f.partyMember}::boolean`);
  if (f.name) {
    const like = `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(o.name ilike ${like} or o.user_id ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const requiredOffline = (level: SQL) =>
  sql`(case when ${level} >= ${LEADER_POSITION_LEVEL}::int then ${REQUIRED_OFFLINE_HOURS_LEADER}::int else ${REQUIRED_OFFLINE_HOURS}::int end)`;

/**
 * The CTE r: the selected learners with the year's seconds, their requirement and whether they met it, in one
 * aggregation of study_records joined by (operator_id, year). `batch` limits it to the next learners in id order
 * after an id (the export's keyset pages).
 */
function learnersCte(t: ReportTarget, batch?: { afterId: number; size: number }): SQL {
  // The same bound on study_records lets its index scan start at the batch, not at the first learner.
  const seek = batch ? sql` and s.operator_id > ${batch.afterId}::int` : sql``;
  const keyset = batch
    ? sql` and o.id > ${batch.afterId}::int group by o.id order by o.id limit ${batch.size}::int`
    : sql` group by o.id`;
  return sql`r as (
      select x.*, ${requiredOffline(sql`x.position_level`)} as req_offline,
        (x.online >= ${REQUIRED_ONLINE_HOURS * 3600}::bigint
          and x.offline >= ${requiredOffline(sql`x.position_level`)} * 3600) as met
      from (
        select o.id, o.user_id, o.name, o.position_level, o.audience, o.org_id,
          coalesce(sum(s.seconds::int) filter (where s.kind = 'online'), 0)::bigint as online,
          coalesce(sum(s.seconds::int) filter (where s.kind = 'offline'), 0)::bigint as offline
        from operators o left join study_records s on s.operator_id = o.id and s.year = ${t.year}::int${seek}
        where ${baseWhere(t)}${keyset}
      ) x
    )`;
}

const metWhere = (met: boolean | undefined) => (met === undefined ? sql`true` : sql`r.met = ${met}::boolean`);

/** Exams passed: a submitted reply scoring at least 60% of the paper. */
const passed = sql`er.score is not null and er.score * 10 >= 6 * (select coalesce(sum((q->>'score')::int), 0) from jsonb_array_elements(ex.paper) q)`;

/** The selected rows (the CTE sel) with their organisation and this year's courses, trainings and exams. */
function selRows(t: ReportTarget): SQL {
  return sql`select sel.id, sel.user_id, sel.name, sel.position_level, sel.audience, sel.online, sel.offline,
      sel.req_offline, sel.met, coalesce(g.name, '') as org_name,
      (select count(*) from course_enrolments ce where ce.operator_id = sel.id
        and ce.finished_at >= ${ts(t.from)} and ce.finished_at < ${ts(t.to)})::int as courses,
      (select count(*) from train_applications ta join trains tr on tr.id = ta.train_id where ta.operator_id = sel.id
        and ta.status = 7 and tr.end_at >= ${ts(t.from)} and tr.end_at < ${ts(t.to)} and tr.end_at <= now())::int as trains,
      (select count(distinct er.exam_id) from exam_replies er join exams ex on ex.id = er.exam_id
        where er.operator_id = sel.id and er.submitted_at >= ${ts(t.from)} and er.submitted_at < ${ts(t.to)}
        and ${passed})::int as exams
    from sel left join orgs g on g.id = sel.org_id`;
}

/** Selected rows of r (sel) with their figures, in the report's order. */
function rowsSql(t: ReportTarget, cte: SQL, sel: SQL): SQL {
  return sql`with ${cte}, sel as (${sel}) ${selRows(t)} order by sel.met, sel.id`;
}

interface RawRow {
  id: number;
  user_id: string;
  name: string;
  position_level: number;
  audience: string;
  online: string | number;
  offline: string | number;
  req_offline: number;
  met: boolean;
  org_name: string;
  courses: number;
  trains: number;
  exams: number;
}

const hours = (seconds: string | number) => Math.round(Number(seconds) / 360) / 10;

function toRow(r: RawRow): UnitLearnerRow {
  const online = hours(r.online);
  const offline = hours(r.offline);
  return {
    operatorId: Number(r.id),
    userId: r.user_id,
    name: r.name,
    orgName: r.org_name,
    positionLevel: Number(r.position_level),
    partyMember: r.audience === 'party',
    onlineHours: online,
    offlineHours: offline,
    totalHours: Math.round((Number(r.online) + Number(r.offline)) / 360) / 10,
    requiredOnline: REQUIRED_ONLINE_HOURS,
    requiredOffline: Number(r.req_offline),
    met: r.met === true || (r.met as unknown) === 't',
    coursesCompleted: Number(r.courses),
    trainsCompleted: Number(r.trains),
    examsPassed: Number(r.exams),
  };
}

/**
 * One page of learners and the totals of all those selected, from one aggregation (f is computed once): the page
 * as JSON beside the totals' figures.
 */
async function pageAndTotals(
  t: ReportTarget,
  q: { pageNum: number; pageSize: number },
): Promise<{ list: UnitLearnerRow[]; totals: UnitTotals }> {
  const [row] = rowsOf<Record<string, unknown>>(
    await reportQuery((d) =>
      d.execute(sql`with ${learnersCte(t)}, f as (select * from r where ${metWhere(t.filters.met)}),
        sel as (select * from f order by f.met, f.id limit ${q.pageSize}::int offset ${(q.pageNum - 1) * q.pageSize}::int),
        p as (${selRows(t)})
      select (select coalesce(json_agg(p order by p.met, p.id), '[]'::json) from p) as page,
        count(*)::int as learners, (count(*) filter (where f.met))::int as met,
        coalesce(sum(f.online), 0)::bigint as online, coalesce(sum(f.offline), 0)::bigint as offline,
        (select count(*) from course_enrolments ce join f on f.id = ce.operator_id
          where ce.finished_at >= ${ts(t.from)} and ce.finished_at < ${ts(t.to)})::int as courses,
        (select count(*) from train_applications ta join f on f.id = ta.operator_id join trains tr on tr.id = ta.train_id
          where ta.status = 7 and tr.end_at >= ${ts(t.from)} and tr.end_at < ${ts(t.to)} and tr.end_at <= now())::int as trains,
        (select count(*) from (select distinct er.operator_id, er.exam_id from exam_replies er join f on f.id = er.operator_id
          join exams ex on ex.id = er.exam_id
          where er.submitted_at >= ${ts(t.from)} and er.submitted_at < ${ts(t.to)} and ${passed}) x)::int as exams
      from f`),
    ),
  );
  const page = (typeof row.page === 'string' ? JSON.parse(row.page) : row.page) as RawRow[];
  return {
    list: page.map(toRow),
    totals: {
      learners: Number(row.learners),
      met: Number(row.met),
      onlineHours: hours(Number(row.online ?? 0)),
      offlineHours: hours(Number(row.offline ?? 0)),
      coursesCompleted: Number(row.courses),
      trainsCompleted: Number(row.trains),
      examsPassed: Number(row.exams),
    },
  };
}

/** Hours by month, and how many learners had met the year's requirement by the end of each month. */
export async function monthsOf(t: ReportTarget): Promise<UnitMonth[]> {
  const rows = rowsOf<{ month: number; online: string; offline: string; met: number }>(
    await reportQuery((d) =>
      d.execute(sql`with m as (
        select s.operator_id, s.month,
          coalesce(sum(s.seconds::int) filter (where s.kind = 'online'), 0)::int as online,
          coalesce(sum(s.seconds::int) filter (where s.kind = 'offline'), 0)::int as offline
        from study_records s
        where s.year = ${t.year}::int and s.operator_id in (select o.id from operators o where ${baseWhere(t)})
        group by s.operator_id, s.month
      ), c as materialized (
        select m.operator_id, m.month, m.online, m.offline,
          sum(m.online) over w as con, sum(m.offline) over w as coff
        from m window w as (partition by m.operator_id order by m.month)
      ), f as (
        select c.operator_id, min(c.month) as first_month from c join operators o on o.id = c.operator_id
        where c.con >= ${REQUIRED_ONLINE_HOURS * 3600}::bigint
          and c.coff >= ${requiredOffline(sql`o.position_level`)} * 3600
        group by c.operator_id
      ), mm as materialized (
        select c.month, sum(c.online) as online, sum(c.offline) as offline from c group by c.month
      ), fm as materialized (
        select f.first_month, count(*) as n from f group by f.first_month
      )
      select g.month::int as month, coalesce(mm.online, 0)::bigint as online, coalesce(mm.offline, 0)::bigint as offline,
        (select coalesce(sum(fm.n), 0) from fm where fm.first_month <= g.month)::int as met
      from generate_series(1, 12) as g(month) left join mm on mm.month = g.month
      order by g.month`),
    ),
  );
  return rows.map((r) => ({
    month: Number(r.month),
    onlineHours: hours(r.online),
    offlineHours: hours(r.offline),
    metLearners: Number(r.met),
  }));
}

export async function unitReport(
  user: SessionUser,
  q: UnitFilters & { pageNum: number; pageSize: number },
  now = new Date(),
): Promise<UnitReport> {
  const t = await reportTarget(user, q, now);
  const [{ list, totals }, months, orgList] = await Promise.all([
    pageAndTotals(t, q),
    monthsOf(t),
    orgsFor(user, 'unit-report'),
  ]);
  return {
    list,
    total: totals.learners,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    year: t.year,
    totals,
    months,
    orgs: orgList,
  };
}

/**
 * The learners of the report for an export, in the report's order (not met first, then by id), as batches read by
 * keyset pages of learner ids: each query touches one batch of learners, so memory does not grow with the count.
 */
export async function* learnerBatches(t: ReportTarget, size = 1000): AsyncGenerator<UnitLearnerRow[]> {
  const d = await db();
  const passes = t.filters.met === undefined ? [false, true] : [t.filters.met];
  for (const met of passes) {
    let afterId = 0;
    for (;;) {
      const raw = rowsOf<RawRow>(
        await reportQuery((q) =>
          q.execute(rowsSql(t, learnersCte(t, { afterId, size }), sql`select * from r where r.met = ${met}::boolean`)),
        ),
      );
      // The batch's last learner id, met or not: the next keyset page starts after it.
      const [{ last }] = rowsOf<{ last: number | null }>(
        await d.execute(
          sql`select max(id) as last from (select o.id from operators o where ${baseWhere(t)} and o.id > ${afterId}::int order by o.id limit ${size}::int) b`,
        ),
      );
      if (raw.length) yield raw.map(toRow);
      if (last === null) break;
      afterId = Number(last);
    }
  }
}
