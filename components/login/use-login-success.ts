/**
 * Any successful sign-in in the login dialog (SPEC 2.8, 4.2): user info, the follow-up prompts, the splash,
 * then where to go once the splash ends.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginExtra, LoginType } from '@/lib/ui/events';
import {
  afterLoginAddress,
  completeLogin,
  followUpDelay,
  peekFollowUp,
  readFollowUp,
  writeFollowUp,
  type FollowUp,
  type LoginResult,
} from './after-login';

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
  isShowing: (t: LoginType | null) => boolean;
  /** Re-initialises the page in place; without it, the page reloads. */
  reinit?: () => void;
}

export function useLoginSuccess({ mainSite, show, setOpen, isShowing, reinit }: Options) {
  const [splash, setSplash] = useState<Splash | null>(null);
  /** SPEC 4.2: the prompts after a password login, over the splash if that still shows. */
  const promptTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const promptShown = useRef<FollowUp | null>(null);
  useEffect(() => () => clearTimeout(promptTimer.current), []);

  const succeed = useCallback(
    async (result: LoginResult, withPrompts = true) => {
      setOpen(false);
      const info = await completeLogin(result, { mainSite, withPrompts });
      // SPEC 4.2: the perfect-info prompt at login + 3 s (followed by the passport prompt), else the passport
      // prompt (followUpDelay); opened here so the page's re-initialisation keeps it.
      const followUp = peekFollowUp();
      const first = followUp?.perfect ?? followUp?.link;
      if (followUp && first) {
        clearTimeout(promptTimer.current);
        promptTimer.current = setTimeout(
          () => {
            readFollowUp(); // taken: the shell does not open it again
            promptShown.current = followUp;
            show(first, followUp.perfect ? { next: followUp.link } : {});
          },
          followUpDelay(followUp, Date.now()),
        );
      }
      setSplash({
        name: info?.operatorName ?? result.operatorResult?.operatorName ?? '',
        headPic: info?.headPic ?? '',
        target: afterLoginAddress(result),
      });
    },
    [mainSite, show, setOpen],
  );

  const splashDone = useCallback(
    (systemError: boolean) => {
      const target = splash?.target;
      clearTimeout(promptTimer.current);
      const shown = promptShown.current;
      promptShown.current = null;
      // Once a prompt has opened, the page re-initialises around it, so it stays.
      if (shown && reinit && !systemError && !target) {
        setSplash(null);
        reinit();
        return;
      }
      // Leaving the page: a prompt still open goes with the browser and opens again on the next page.
      if (shown && isShowing(shown.perfect ?? shown.link)) writeFollowUp({ ...shown, due: 0 });
      // Full page loads on purpose: the page re-initialises with the new session (SPEC 2.8).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (systemError) window.location.assign('/home');
      else if (target) window.location.assign(target);
      else window.location.reload();
    },
    [splash, reinit, isShowing],
  );

  return { splash, succeed, splashDone };
}
