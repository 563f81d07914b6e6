/**
 * The operations log (lib/server/db/tables/operations): written for sign-ins, sign-outs, password changes,
 * role-gated actions and refusals (audited-calls.ts decides which calls), read by managers, newest first.
 * Writing never fails the call it records: a failed write is logged instead.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Page } from '@/lib/contract/home';
import { db } from '@/lib/server/db';
import { operationLogs, operators } from '@/lib/server/db/schema';
import { CODE_FORBIDDEN, ServiceError } from '@/lib/server/http/errors';
import { errorText, log } from '@/lib/server/ops/log';
import { currentRequestId } from '@/lib/server/ops/request-context';
import type { SessionUser } from '../accounts/sessions';

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

export interface OperationLogRow {
  id: number;
  at: string;
  operatorId: number | null;
  userId: string;
  action: string;
  outcome: string;
  target: string;
  detail: string;
  ip: string;
  requestId: string;
}

export const MSG_NOT_MANAGER = '没有管理权限';

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

/** A page of the log, newest first; managers only (cmsRoleCount > 0). */
export async function operationLogPage(
  user: SessionUser,
  q: { pageNum: number; pageSize: number },
): Promise<Page<OperationLogRow>> {
  if (user.cmsRoles.length === 0) throw new ServiceError(MSG_NOT_MANAGER, CODE_FORBIDDEN);
  const d = await db();
  const rows = await d
    .select()
    .from(operationLogs)
    .orderBy(desc(operationLogs.at), desc(operationLogs.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  const [{ n }] = await d.select({ n: count() }).from(operationLogs);
  return {
    list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: Number(n),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
