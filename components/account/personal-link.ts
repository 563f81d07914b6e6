/**
 * SPEC 8: opening personal study with an expired session shows 登录信息已失效，请重新登录 and logs out.
 * The session is checked with the raw transport, so the client's own session warning does not also show.
 */
import { apiEvents, browserHeaders, browserTransport } from '@/lib/api/browser';
import { TOKEN_CHECK_PATH } from '@/lib/api/core';
import { LOGIN_EXPIRED_MSG, isSessionCode } from '@/lib/contract/messages';
import { HTTP_TIMEOUT_MS, MESSAGE_DURATION_MS } from '@/lib/constants';
import { writeUserInfo } from '@/lib/session/client';

export async function openPersonalStudy(
  href: string,
  target: string,
  reload: () => void = () => window.location.reload(),
): Promise<void> {
  const win = window.open('', target); // opened at the click, so no popup blocker stops it
  try {
    const env = await browserTransport({
      path: TOKEN_CHECK_PATH,
      body: {},
      headers: browserHeaders(),
      timeoutMs: HTTP_TIMEOUT_MS,
    });
    if (isSessionCode(env.code)) {
      win?.close();
      apiEvents.emit({ type: 'notify', kind: 'warning', message: LOGIN_EXPIRED_MSG, durationMs: MESSAGE_DURATION_MS });
      await browserTransport({
        path: '/modules/eosoperator/logout',
        body: {},
        headers: browserHeaders(),
        timeoutMs: HTTP_TIMEOUT_MS,
      }).catch(() => undefined);
      writeUserInfo(null);
      setTimeout(reload, MESSAGE_DURATION_MS);
      return;
    }
  } catch {
    /* network trouble: let the page itself say so */
  }
  if (win) win.location.href = href;
  else window.open(href, target);
}
