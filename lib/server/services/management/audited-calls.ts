/**
 * The operations log's writer for calls of the endpoint table: each endpoint states on its line (its `audit`,
 * lib/server/endpoints/endpoint) whether and how it is logged, and the dispatcher (lib/server/http/dispatch) hands that
 * rule here once per call; a call without a rule is logged only when it was refused for lack of rights (code 1003).
 * Never a password, token or body beyond the fields a rule names.
 */
import { CODE_FORBIDDEN } from '@/lib/server/errors';
import type { SessionUser } from '../accounts/sessions';
import { resolveSession } from '../accounts/sessions';
import { operatorIdOf, recordOperation, type Outcome } from './operation-log';

export type AuditInput = Record<string, unknown>;

export interface AuditRule {
  action: string;
  /** The actor is the session that the call ends (sign-out): looked up before the call. */
  actorBefore?: boolean;
  /** The login name a sign-in tried or got. */
  loginName?: (input: AuditInput, data: unknown) => string;
  target?: (input: AuditInput, data: unknown) => string;
  detail?: (input: AuditInput) => string;
  /** Only some calls of this path are the action (loginRecommendSave changes a password only when it sets one). */
  when?: (input: AuditInput, data?: unknown) => boolean;
}

/** A field as log text ('' when absent). */
export const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
/** The login name a successful sign-in answered. */
export const signedInName = (_i: AuditInput, data: unknown) =>
  str((data as { operatorResult?: { userID?: string } } | null)?.operatorResult?.userID);
/** `kind:id` of the object the call answered (a notice just written), '' when it answered none. */
export const answeredId =
  (kind: string) =>
  (_i: AuditInput, data: unknown): string => {
    const id = (data as { id?: number } | null)?.id;
    return id ? `${kind}:${id}` : '';
  };

export interface Actor {
  operatorId: number | null;
  userId: string;
}

/** Before the call: the actor a sign-out ends, when the rule needs it. */
export async function actorBefore(rule: AuditRule | undefined, token: string | null): Promise<Actor | null> {
  if (!rule?.actorBefore || !token) return null;
  const session = await resolveSession(token);
  return session.ok ? { operatorId: session.user.operatorID, userId: '' } : null;
}

export interface CallOutcome {
  code: number;
  msg: string;
  data: unknown;
}

/** After the call: writes its entry when it is one to keep. */
export async function auditCall(
  rule: AuditRule | undefined,
  path: string,
  input: unknown,
  who: { user: SessionUser | null; ip: string },
  result: CallOutcome,
  before: Actor | null,
): Promise<void> {
  const denied = result.code === CODE_FORBIDDEN;
  if (!rule && !denied) return;
  const i = (input && typeof input === 'object' ? input : {}) as AuditInput;
  if (rule?.when && !rule.when(i, result.data)) return;
  const outcome: Outcome = result.code === 0 ? 'ok' : denied ? 'denied' : 'failed';
  const loginName = rule?.loginName?.(i, result.data) ?? '';
  let operatorId = before?.operatorId ?? who.user?.operatorID ?? null;
  if (operatorId === null && loginName && outcome === 'ok')
    operatorId = await operatorIdOf(loginName).catch(() => null);
  const detail = [rule?.detail?.(i), result.code === 0 ? '' : `${result.code} ${result.msg}`]
    .filter(Boolean)
    .join('; ');
  await recordOperation({
    action: rule?.action ?? 'forbidden',
    outcome,
    operatorId,
    userId: loginName,
    target: rule?.target?.(i, result.data) ?? (rule ? '' : path),
    detail,
    ip: who.ip,
  });
}
