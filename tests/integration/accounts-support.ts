/** What the accounts suites share: calls to the endpoint table as one client address, and signing in with a fresh captcha. */
import type { CallResult } from '@/lib/server/http/dispatch';
import { createCaptcha } from '@/lib/server/services/accounts/captcha';
import type { Site } from '@/lib/variants';
import { testClient } from '../support/client';

export const main: Site = { variant: 'main', dx: false };

/** `call`, `login` and friends for one default client address (throttling counts per address). */
export function accountsClient(defaultIp: string) {
  const { call, callRaw } = testClient({ ip: defaultIp });
  const captcha = async () => {
    const c = await createCaptcha();
    return { code: c.answer, codeUuid: c.uuid };
  };
  const login = async (userID: string, password: string, ip = defaultIp, extra: Record<string, unknown> = {}) =>
    call('/modules/eosoperator/login', { userID, password, ...(await captcha()), ...extra }, { ip });
  return { call, callRaw, captcha, login };
}

export const ok = (res: CallResult) => {
  if (res.code !== 0) throw new Error(`expected success, got ${res.code} ${res.msg}`);
  return res.data as Record<string, unknown>;
};
export const tokenOf = (res: CallResult) => (res.data as { token: string }).token;
