/**
 * Any successful sign-in in the login dialog (SPEC 2.8, 4.2): user info, the follow-up prompts, the splash,
 * then where to go once the splash ends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginExtra } from '@/lib/ui/events';
import { afterLoginAddress, completeLogin, followUpDelay, peekFollowUp, readFollowUp } from './after-login';
import { isTotpChallenge, type SignInAnswer, type TotpChallenge } from '@/lib/contract/accounts';

interface Splash {
  name: string;
  headPic: string;
  target: string | null;
}

interface Options {
  mainSite: boolean;
  /** Opens the dialog on a mode (a follow-up prompt). */
  show: (loginType: number, extra?: LoginExtra) => void;
  setOpen: (open: boolean) => void;
  /** Re-initialises the page in place; without it, the page reloads. */
  reinit?: () => void;
}

export function useLoginSuccess({ mainSite, show, setOpen, reinit }: Options) {
  const [splash, setSplash] = useState<Splash | null>(null);
  /** A first factor of an account with TOTP: the dialog shows the code step (TotpStep) before signing in. */
  const [totp, setTotp] = useState<(TotpChallenge & { withPrompts: boolean }) | null>(null);
  /** SPEC 4.2: the prompts after a password login, opened once the splash has gone (never on top of it). */
  const promptTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(promptTimer.current), []);

  const succeed = useCallback(
    async (result: SignInAnswer, withPrompts = true) => {
      if (isTotpChallenge(result)) return void setTotp({ ...result, withPrompts });
      setTotp(null);
      setOpen(false);
      const info = await completeLogin(result, { mainSite, withPrompts });
      setSplash({
        name: info?.operatorName ?? result.operatorResult?.operatorName ?? '',
        headPic: info?.headPic ?? '',
        target: afterLoginAddress(result),
      });
    },
    [mainSite, setOpen],
  );

  const splashDone = useCallback(
    (systemError: boolean) => {
      const target = splash?.target;
      clearTimeout(promptTimer.current);
      const followUp = peekFollowUp();
      const first = followUp?.perfect ?? followUp?.link;
      // One after another: the splash (4 s), then the perfect-info prompt (due 3 s after the login, so at once)
      // and the passport prompt after it, then the post-station prompt once the dialog is done (the shell).
      if (followUp && first && reinit && !systemError && !target) {
        setSplash(null);
        reinit();
        promptTimer.current = setTimeout(
          () => {
            readFollowUp(); // taken: the shell does not open it again
            show(first, followUp.perfect ? { next: followUp.link } : {});
          },
          followUpDelay(followUp, Date.now()),
        );
        return;
      }
      // Leaving the page: the prompts stay stored and the shell opens them on the next page, after its load.
      // Full page loads on purpose: the page re-initialises with the new session (SPEC 2.8).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (systemError) window.location.assign('/home');
      else if (target) window.location.assign(target);
      else window.location.reload();
    },
    [splash, reinit, show],
  );

  return { splash, succeed, splashDone, totp, cancelTotp: () => setTotp(null) };
}
