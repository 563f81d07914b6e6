import { MSG_TOO_FREQUENT, notShownMsg } from '@/lib/contract/messages';

/**
 * Non-zero codes the backend answers besides the session codes of SPEC 8 (2000/2001/2002,
 * in lib/contract/messages). Every one comes with a Chinese message (lib/contract); none is an HTTP 500.
 * Kept free of HTTP so services can throw them; lib/server/http turns them into the envelope.
 */
export const CODE_BUSINESS = 1000;
export const CODE_INVALID = 1001;
export const CODE_FORBIDDEN = 1003;
export const CODE_NOT_FOUND = 1004;
export const CODE_METHOD = 1005;
export const CODE_BAD_JSON = 1006;
export const CODE_TOO_LARGE = 1013;
/** An upload that would take a user past their scratch or stored bytes (uploads/quota.ts). */
export const CODE_QUOTA = 1014;
/** Too many tries or calls (as HTTP 429): a sign-in lock, a spent reset-mail quota, a rate limit. */
export const CODE_THROTTLED = 1029;
export const CODE_SERVER = 1500;

/** Thrown by services for an expected refusal; the dispatcher turns it into the envelope. */
export class ServiceError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE_BUSINESS,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** A catalogue record that is not there, or not shown on this site: 课程不存在或已下线 (1004). */
export function notShown(what: string): ServiceError {
  return new ServiceError(notShownMsg(what), CODE_NOT_FOUND);
}

/** A rate limit spent (lib/server/services/accounts/rate-limit): 操作过于频繁，请稍后再试 (1029). */
export function tooFrequent(): ServiceError {
  return new ServiceError(MSG_TOO_FREQUENT, CODE_THROTTLED);
}
