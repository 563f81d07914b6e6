/**
 * 'My management' (SPEC 6): with the old-management flag '1' the old-style dynamic-key link opens;
 * otherwise the default management role is switched and the browser goes to the management address, or, when
 * none is configured, the user is told so.
 * Also the rule for prompting the post-station dialog at most once a day.
 */
import { api } from '@/lib/api/browser';
import { isLoggedIn, readUserInfo } from '@/lib/session/client';
import { emitUi } from '@/lib/ui/events';
import { toast } from '@/components/ui/Toaster';
import { call } from '@/lib/api/core';

/** Said when the role switch answers no management address (NEXT_PUBLIC_CMS_URL unset): never a click that does nothing. */
export const NO_CMS_URL_MSG = '管理系统地址未配置，请联系管理员';

export async function openManagement(
  go: { open: (url: string) => void; assign: (url: string) => void } = {
    open: (url) => window.open(url, '_blank', 'noopener'),
    assign: (url) => window.location.assign(url),
  },
): Promise<void> {
  try {
    if (localStorage.getItem('isHandleOldCmsUrl') === '1') {
      const { url } = await call(api, '/api/eosoperator/oldCmsDynamicKey');
      go.open(url);
      return;
    }
    const { cmsUrl } = await call(api, '/modules/role/switchDefaultCmsRole');
    const target = cmsUrl || localStorage.getItem('cmsUrl') || process.env.NEXT_PUBLIC_CMS_URL || '';
    if (target) go.assign(target);
    else toast('warning', NO_CMS_URL_MSG);
  } catch {
    /* the API client has shown the message */
  }
}

export const stationDismissKey = (operatorID: number) => `postStationClosed:${operatorID}`;
/** Today in China time: the spec's 'today's date'. */
export const todayString = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());

/** True unless the dialog was closed today by this operator, or they have bound a station already. */
export async function shouldPromptStations(operatorID: number): Promise<boolean> {
  if (localStorage.getItem(stationDismissKey(operatorID)) === todayString()) return false;
  const mine = await call(api, '/api/station/mine').catch(() => [1]);
  return mine.length === 0;
}

/** Opens the post-station dialog (mounted lazily by components/shell/LazyDialogs). */
export function openStationDialog(): void {
  emitUi({ type: 'postStation' });
}

/**
 * '1' or '0', written at each sign-in from the login answer's stationPrompt: the server may turn the
 * automatic prompt off (STATION_PROMPT=0, as the end-to-end server does so other pages stay free of it).
 */
export const STATION_PROMPT_KEY = 'postStationPrompt';

/**
 * SPEC 2.4/4.2: the post-station dialog opens by itself on the shell's pages for a signed-in user who has
 * bound no station and has not closed it today (closing stores today's date; saving binds and hides it).
 */
export async function maybePromptStations(): Promise<boolean> {
  try {
    if (!isLoggedIn() || localStorage.getItem(STATION_PROMPT_KEY) !== '1') return false;
    const operatorID = readUserInfo()?.operatorID;
    if (operatorID == null || !(await shouldPromptStations(operatorID))) return false;
  } catch {
    return false;
  }
  openStationDialog();
  return true;
}
