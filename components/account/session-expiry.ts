/**
 * SPEC 4.1: on a session error (2000, 2001, 2002) the product forces a re-login. Token expiry clears
 * the same things as log-out (user info, token, sign-in flag) and goes to /home, unless told not to
 * (a request made with stayOnSessionError, or a page that must keep its place such as the QR
 * confirmation page). 2000 shows the system-error page (components/shell/SystemError) first, whose
 * button opens the login dialog; the others open the login dialog on /home at once. /home is given the page the
 * learner was on (`?redirect=`, as the login guard does), so signing in again takes them back to it.
 */
import { CODE_SESSION_IDLE, type SessionCode } from '@/lib/contract/messages';
import { notifySessionChanged, writeUserInfo } from '@/lib/session/client';

export interface SessionErrorEvent {
  code: SessionCode;
  forced: boolean;
  stay?: boolean;
}

export interface ExpiryDeps {
  /** Ends the session on the server, which also clears the token and sign-in cookies. */
  logout: () => Promise<unknown>;
  /** The current address: path and query. */
  address: () => string;
  /** Client-side navigation, so the shell (and the warning just shown) stays. */
  navigate: (href: string) => void;
  openLogin: () => void;
  /** The page itself said not to leave it. */
  stayHere?: boolean;
}

/** Returns a handler that acts once per burst of parallel session errors. */
export function createExpiryHandler(deps: ExpiryDeps): (e: SessionErrorEvent) => Promise<void> {
  let busy = false;
  return async (e) => {
    if (busy) return;
    busy = true;
    try {
      writeUserInfo(null);
      await deps.logout().catch(() => undefined);
      // The header and every other signed-in part show the visitor's view from now on (SPEC 4.1: the user is cleared).
      notifySessionChanged();
      const here = deps.address();
      if (!e.stay && !deps.stayHere && !/^\/home(\?|$)/.test(here))
        deps.navigate(`/home?redirect=${encodeURIComponent(here)}`);
      if (e.code !== CODE_SESSION_IDLE) deps.openLogin();
    } finally {
      busy = false;
    }
  };
}
