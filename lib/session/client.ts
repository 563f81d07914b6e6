/**
 * The visitor's sign-in state in the browser (SPEC 3, 4.1). The token itself is in an HttpOnly
 * cookie (docs/design.md §5); login state is the presence of the signed identity cookie beside it, and the
 * non-secret user info is kept in localStorage under the spec's keys.
 */
import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@/lib/contract/home';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
export { SIGNED_IN_ATTRIBUTE } from '@/lib/session/identity-cookie';

export const USER_INFO_KEY = 'userInfo';
export const BACK_TYPE_KEY = 'backType';
export const BACK_VISIBLE_KEY = 'backVisible';
export const SYSTEM_ERROR_KEY = 'systemError';
export function isLoggedIn(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((c) => c.trim().startsWith(`${IDENTITY_COOKIE}=`));
}

const SESSION_CHANGED = 'portal:session-changed';
/** Tells every useLoggedIn() to look again (the session ended here without a reload: expiry, a newer sign-in elsewhere). */
export function notifySessionChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_CHANGED));
}
function onSessionChanged(listener: () => void): () => void {
  window.addEventListener(SESSION_CHANGED, listener);
  return () => window.removeEventListener(SESSION_CHANGED, listener);
}
/** isLoggedIn() for a component: the server (and hydration) render the visitor's view, the browser then its own. */
export function useLoggedIn(): boolean {
  return useSyncExternalStore(onSessionChanged, isLoggedIn, () => false);
}

export function readUserInfo(): UserInfo | null {
  try {
    const raw = localStorage.getItem(USER_INFO_KEY);
    return raw ? (JSON.parse(raw) as UserInfo) : null;
  } catch {
    return null;
  }
}

export function writeUserInfo(info: UserInfo | null): void {
  try {
    if (info) localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
    else localStorage.removeItem(USER_INFO_KEY);
  } catch {
    /* storage disabled: the header simply asks the server again */
  }
}
