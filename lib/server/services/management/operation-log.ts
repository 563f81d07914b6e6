/**
 * The operations log (lib/server/db/tables/operations): written for sign-ins, sign-outs, password changes,
 * role-gated actions and refusals (each endpoint's line says which: its `audit`, lib/server/endpoints/endpoint), read
 * by managers, newest first.
 * Writing never fails the call it records: a failed write is logged instead.
 */
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import type { OperationLogRow } from '@/lib/contract/management';
import { db } from '@/lib/server/db';
import { operationLogs, operators } from '@/lib/server/db/schema';
import { errorText, log } from '@/lib/server/ops/log';
import { currentRequestId } from '@/lib/server/ops/request-context';
import type { SessionUser } from '../accounts/sessions';
import { orgInScope, requireAnyPower } from './powers';

export type Outcome = 'ok' | 'failed' | 'denied';

export interface OperationEntry {
  action: string;
  outcome: Outcome;
  operatorId?: number | null;
  userId?: string;
  target?: string;
  detail?: string;
  ip?: string;
}

export type { OperationLogRow };

const clip = (s: string | undefined, n: number) => (s ?? '').slice(0, n);

export async function recordOperation(e: OperationEntry): Promise<void> {
  try {
    await (await db()).insert(operationLogs).values({
      action: e.action,
      outcome: e.outcome,
      operatorId: e.operatorId ?? null,
      userId: clip(e.userId, 120),
      target: clip(e.target, 200),
      detail: clip(e.detail, 500),
      ip: clip(e.ip, 64),
      requestId: currentRequestId() ?? '',
    });
  } catch (err) {
    log.error({ action: e.action, outcome: e.outcome, err: errorText(err) }, 'operations log write failed');
  }
}

/** The operator id of a login name, for entries that know only the name (sign-ins). */
export async function operatorIdOf(userId: string): Promise<number | null> {
  const [row] = await (
    await db()
  )
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * A page of the log, newest first, for a manager of roles ("role-manage"): everything over the whole institution,
 * else the entries of the accounts of their organisations.
 */
export async function operationLogPage(
  user: SessionUser,
  q: { pageNum: number; pageSize: number },
): Promise<Page<OperationLogRow>> {
  const scope = await requireAnyPower(user, 'role-manage');
  const d = await db();
  const where = scope.all
    ? undefined
    : inArray(
        operationLogs.operatorId,
        d.select({ id: operators.id }).from(operators).where(orgInScope(scope, operators.orgId)),
      );
  const rows = await d
    .select()
    .from(operationLogs)
    .where(where)
    .orderBy(desc(operationLogs.at), desc(operationLogs.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [{ n }] = await d.select({ n: count() }).from(operationLogs).where(where);
  return {
    list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: Number(n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
