/**
 * What happens once a sign-in succeeded (SPEC 4.2), whichever way it came (password, QR code, passport):
 * fetch the user info (and on the main site the management roles, giving cmsRoleCount), keep the
 * non-secret keys of SPEC 3, and work out the prompts that follow: the perfect-info prompt (11, 9 or 10)
 * and the passport-link prompt (13). They survive the page re-initialisation after the splash in
 * sessionStorage and are opened by the shell (components/shell/LazyDialogs).
 */
import { api } from '@/lib/api/browser';
import type { UserInfo } from '@/lib/contract/home';
import { LINK_DIALOG_REOPEN_MS, PERFECT_INFO_DELAY_MS } from '@/lib/constants';
import { isSafeRedirect } from '@/lib/validation/redirect-address';
import { writeUserInfo } from '@/lib/session/client';
import type { LoginResult } from '@/lib/contract/home';

export type { LoginResult };
import type { LoginExtra } from '@/lib/ui/events';
import { STATION_PROMPT_KEY } from '@/components/account/management';
import { call } from '@/lib/api/core';

export const FOLLOW_UP_KEY = 'loginFollowUp';
export interface FollowUp {
  perfect: 9 | 10 | 11 | null;
  /** The passport prompt: 13 offers to link an account that is not linked; 12 tells a linked one it may sign in by passport. */
  link: 12 | 13 | null;
  /** Epoch ms when the perfect-info prompt is due: the login time + PERFECT_INFO_DELAY_MS, kept across the re-initialisation. */
  due?: number;
}

/**
 * SPEC 4.2: when the first prompt opens. The perfect-info prompt at its due time (3 s after the login, however
 * long the splash and re-initialisation took), with the passport prompt as the mode that follows it (closing it
 * reopens that after 2 s, saving opens it at once); without it, 13 (not linked) opens at once and 12 (linked)
 * after 2 s.
 */
export function followUpDelay(f: FollowUp, now: number): number {
  if (f.perfect) return Math.max(0, (f.due ?? now + PERFECT_INFO_DELAY_MS) - now);
  return f.link === 12 ? LINK_DIALOG_REOPEN_MS : 0;
}

export function followUpTimers(
  f: FollowUp,
  now: number,
  open: (type: number, extra?: LoginExtra) => void,
): ReturnType<typeof setTimeout>[] {
  const first = f.perfect ?? f.link;
  if (!first) return [];
  return [setTimeout(() => open(first, f.perfect ? { next: f.link } : undefined), followUpDelay(f, now))];
}

/** SPEC 4.2: default password with empty e-mail gives 11, only the default password 9, only an empty e-mail 10. */
export function perfectInfoType(r: Pick<LoginResult, 'isDefaultPassword' | 'isEmptyEmail'>): FollowUp['perfect'] {
  if (r.isDefaultPassword && r.isEmptyEmail) return 11;
  if (r.isDefaultPassword) return 9;
  if (r.isEmptyEmail) return 10;
  return null;
}

/** The stored prompts without taking them (the login dialog opens the perfect-info prompt itself when it is due before the page re-initialises). */
export function peekFollowUp(): FollowUp | null {
  try {
    const raw = sessionStorage.getItem(FOLLOW_UP_KEY);
    return raw ? (JSON.parse(raw) as FollowUp) : null;
  } catch {
    return null;
  }
}

/** Puts prompts back, e.g. an open perfect-info prompt when the browser goes to another page. */
export function writeFollowUp(f: FollowUp): void {
  try {
    sessionStorage.setItem(FOLLOW_UP_KEY, JSON.stringify(f));
  } catch {
    /* storage disabled: no prompts */
  }
}

export function readFollowUp(): FollowUp | null {
  try {
    const raw = sessionStorage.getItem(FOLLOW_UP_KEY);
    sessionStorage.removeItem(FOLLOW_UP_KEY);
    return raw ? (JSON.parse(raw) as FollowUp) : null;
  } catch {
    return null;
  }
}

/** The address to go to after the splash: the server's redirect, else the page a login guard stopped. */
export function afterLoginAddress(result: Pick<LoginResult, 'redirectsUrl'>): string | null {
  const guard = new URLSearchParams(window.location.search).get('redirect');
  for (const target of [result.redirectsUrl, guard]) {
    if (target && isSafeRedirect(target, [], window.location.host)) return target;
  }
  return null;
}

export async function completeLogin(
  result: LoginResult,
  opts: { mainSite: boolean; withPrompts: boolean },
): Promise<UserInfo | null> {
  const loginAt = Date.now();
  let info: UserInfo | null = null;
  try {
    info = await call(api, '/api/eosoperator/myInfo');
    const roles = opts.mainSite ? await call(api, '/api/platform/index/myCmsRoleList') : [];
    info = { ...info, cmsRoleCount: roles.length };
    writeUserInfo(info);
  } catch {
    /* the header asks again after the page re-initialises */
  }
  try {
    localStorage.setItem('cmsUrl', result.cmsUrl ?? '');
    localStorage.setItem('stuUrl', result.stuUrl ?? '');
    localStorage.setItem('isHandleOldCmsUrl', result.isHandleOldCmsUrl ?? '0');
    localStorage.setItem(STATION_PROMPT_KEY, result.stationPrompt === 0 ? '0' : '1');
    const followUp: FollowUp = {
      perfect: opts.withPrompts ? perfectInfoType(result) : null,
      link: opts.withPrompts && result.esEnabled ? (result.hasES ? 12 : 13) : null,
      due: loginAt + PERFECT_INFO_DELAY_MS,
    };
    if (followUp.perfect || followUp.link) sessionStorage.setItem(FOLLOW_UP_KEY, JSON.stringify(followUp));
  } catch {
    /* storage disabled: no prompts */
  }
  return info;
}
