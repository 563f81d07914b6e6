/**
 * Which calls of the endpoint table go into the operations log, and what each entry says. The dispatcher
 * (lib/server/http/dispatch) asks once per call; a call outside the table is logged only when it was refused for
 * lack of rights (code 1003). Never a password, token or body beyond the fields named here.
 */
import { CODE_FORBIDDEN } from '@/lib/server/http/errors';
import type { SessionUser } from '../accounts/sessions';
import { resolveSession } from '../accounts/sessions';
import { operatorIdOf, recordOperation, type Outcome } from './operation-log';

type Input = Record<string, unknown>;

interface Rule {
  action: string;
  /** The actor is the session that the call ends (sign-out): looked up before the call. */
  actorBefore?: boolean;
  /** The login name a sign-in tried or got. */
  loginName?: (input: Input, data: unknown) => string;
  target?: (input: Input, data: unknown) => string;
  detail?: (input: Input) => string;
  /** Only some calls of this path are the action (loginRecommendSave changes a password only when it sets one). */
  when?: (input: Input) => boolean;
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const signedInName = (_i: Input, data: unknown) =>
  str((data as { operatorResult?: { userID?: string } } | null)?.operatorResult?.userID);

export const AUDITED_CALLS: Record<string, Rule> = {
  '/modules/eosoperator/login': {
    action: 'sign-in',
    loginName: (i, data) => signedInName(i, data) || str(i.userID),
    detail: () => 'password',
  },
  '/modules/eosoperator/loginByQRRandNum': { action: 'sign-in', loginName: signedInName, detail: () => 'qr' },
  '/modules/eosoperator/loginByES': { action: 'sign-in', loginName: signedInName, detail: () => 'passport' },
  '/modules/eosoperator/loginByESChoose': {
    action: 'sign-in',
    loginName: (i, data) => signedInName(i, data) || str(i.userID),
    detail: () => 'passport',
  },
  '/modules/eosoperator/logout': { action: 'sign-out', actorBefore: true },
  '/api/eosoperator/changePassword': { action: 'password-change' },
  '/modules/eosoperator/loginRecommendSave': {
    action: 'password-change',
    when: (i) => !!i.newPassword,
    detail: () => 'first sign-in',
  },
  '/api/eosoperator/forgetPasswordModify': { action: 'password-reset', detail: () => 'reset link' },
  '/api/course/audit': {
    action: 'course-review',
    target: (i) => `course:${str(i.courseId)}`,
    detail: (i) => `auditStatus=${str(i.auditStatus)}`,
  },
  '/api/msgMessageinfo/save': {
    action: 'notice-publish',
    target: (_i, data) => ((data as { id?: number } | null)?.id ? `notice:${(data as { id: number }).id}` : ''),
    detail: (i) => str(i.title),
  },
  '/api/manage/grant': {
    action: 'role-grant',
    target: (i) => `user:${str(i.userId)}`,
    detail: (i) => `role=${str(i.roleId)} org=${i.orgId === null ? 'all' : str(i.orgId)}`,
  },
  '/api/manage/revoke': { action: 'role-revoke', target: (i) => `grant:${str(i.id)}` },
  '/api/train/review': {
    action: 'application-review',
    target: (i) => `train:${str(i.trainId)} operator:${str(i.operatorId)}`,
    detail: (i) => (i.approve ? 'approve' : 'reject'),
  },
};

export interface Actor {
  operatorId: number | null;
  userId: string;
}

/** Before the call: the actor a sign-out ends, when the rule needs it. */
export async function actorBefore(path: string, token: string | null): Promise<Actor | null> {
  if (!AUDITED_CALLS[path]?.actorBefore || !token) return null;
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
  path: string,
  input: unknown,
  who: { user: SessionUser | null; ip: string },
  result: CallOutcome,
  before: Actor | null,
): Promise<void> {
  const rule = AUDITED_CALLS[path];
  const denied = result.code === CODE_FORBIDDEN;
  if (!rule && !denied) return;
  const i = (input && typeof input === 'object' ? input : {}) as Input;
  if (rule?.when && !rule.when(i)) return;
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
