/**
 * Where the login dialog goes when a registration, retrieval or perfect-info panel is done (SPEC 4.2), and the
 * address the mail-sent panel names.
 */
import { useCallback, useState } from 'react';
import { apiEvents } from '@/lib/api/browser';
import { LINK_DIALOG_REOPEN_MS } from '@/lib/constants';
import type { LoginExtra, LoginType } from '@/lib/ui/events';
import { V } from '@/lib/validation/messages';

interface Options {
  extra: LoginExtra;
  setExtra: (extra: LoginExtra) => void;
  setNotice: (notice: string | null) => void;
  setOpen: (open: boolean) => void;
  switchTo: (type: LoginType) => void;
}

export function useLoginSteps({ extra, setExtra, setNotice, setOpen, switchTo }: Options) {
  const [sentTo, setSentTo] = useState('');

  const registered = () => {
    setNotice(V.registerMailSent);
    switchTo(5);
  };

  const retrievalSent = (email: string) => {
    setSentTo(email);
    setNotice(null);
    switchTo(5);
  };

  const retrieveAgain = () => {
    window.history.replaceState(null, '', '/home');
    switchTo(3);
  };

  const perfectSaved = () => {
    apiEvents.emit({ type: 'notify', kind: 'info', message: '保存成功', durationMs: 3000 });
    const next = extra.next;
    setExtra({});
    if (next) switchTo(next);
    else setOpen(false);
  };

  const resetDone = () => {
    // SPEC 4.2: reset success goes to /home, then type 8, then type 1 after 2 s.
    window.history.replaceState(null, '', '/home');
    setExtra({});
    switchTo(8);
    setTimeout(() => switchTo(1), LINK_DIALOG_REOPEN_MS);
  };

  const onInvalidLink = useCallback(() => switchTo(6), [switchTo]);

  return { sentTo, registered, retrievalSent, retrieveAgain, perfectSaved, resetDone, onInvalidLink };
}
