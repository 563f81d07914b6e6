'use client';

import { useEffect, useState } from 'react';
import Link from '@/components/ui/Link';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';
import { api } from '@/lib/api/browser';
import { call, platformPath } from '@/lib/api/core';
import type { MyInfo } from '@/lib/contract/accounts';
import { formatHoursMinutes, greeting } from '@/lib/format';
import {
  BACK_TYPE_KEY,
  isLoggedIn,
  readUserInfo,
  SIGNED_IN_ATTRIBUTE,
  useLoggedIn,
  writeUserInfo,
} from '@/lib/session/client';
import { openLogin, openMessageBox } from '@/lib/ui/events';
import { useSite } from '@/components/site/SiteContext';
import { findRoute, type Variant } from '@/lib/variants';
import { creationHref } from '@/components/creation/links';
import { AREA_PATHS, areaHome } from '@/components/management/unit-links';
import { usePathname } from 'next/navigation';
import { NewWindowHint } from '@/components/ui/NewWindowHint';
import { NotificationBell } from '@/components/notifications/NotificationBell';

// At least 24x24 px, the touch target of WCAG 2.2 (2.5.8), however small the header's text is on a phone.
const linkClass =
  'inline-flex min-h-[24px] min-w-[24px] items-center justify-center hover:underline underline-offset-2';

/**
 * A visitor's button that needs the login dialog. It is a form, so that pressing it before the page is
 * interactive (slow network) still works: the page reloads with ?login=1 and LazyDialogs opens the dialog.
 * Once hydrated, onPress runs in place.
 */
function LoginFormButton({ onPress, children }: { onPress: () => void; children: React.ReactNode }) {
  return (
    <form
      method="get"
      className="contents"
      onSubmit={(e) => {
        e.preventDefault();
        onPress();
      }}
    >
      <input type="hidden" name="login" value="1" />
      <button type="submit" className={linkClass}>
        {children}
      </button>
    </form>
  );
}

/**
 * Public pages are cached, so the server renders the visitor's header for everyone. A signed-in visitor's browser
 * marks <html> before the header is drawn (SignedInMark), and styles/globals.css then shows "您好，…" in place of
 * 登录 until this component knows the user: no 登录 flashes at someone who is signed in, on any network.
 */
export function HeaderUser() {
  const loggedIn = useLoggedIn();
  const { title, variant } = useSite();
  useEffect(() => {
    // The mark follows the session: gone once it ends without a reload (expiry, signed in elsewhere).
    if (!loggedIn && !isLoggedIn()) document.documentElement.removeAttribute(SIGNED_IN_ATTRIBUTE);
  }, [loggedIn]);
  if (!loggedIn) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <span className="signed-in-placeholder">您好，…</span>
        <span className="visitor-only">您好，欢迎来到{title}！</span>
        <span className="visitor-only flex items-center gap-3">
          <LoginFormButton onPress={() => openLogin(1)}>登录</LoginFormButton>
          <span aria-hidden="true">|</span>
          <LoginFormButton onPress={() => openMessageBox(1)}>学习中心</LoginFormButton>
        </span>
      </div>
    );
  }
  return <SignedIn platform={variant.platform} />;
}

function SignedIn({ platform }: { platform: boolean }) {
  const { variant } = useSite();
  // The name kept from the last visit shows at once; the server's answer replaces it.
  const [stored] = useState(readUserInfo);
  // The stored part (UserInfo) is all the header reads, so it stands in for the full answer until it arrives.
  const info = useQuery({
    ...apiQuery('/api/eosoperator/myInfo'),
    placeholderData: (stored ?? undefined) as MyInfo | undefined,
  });
  const roles = useQuery(apiQuery('/api/platform/index/myCmsRoleList'));
  // A manager with a power of the unit area: 切换至本单位 opens it (issue 25); for others it is the toggle.
  const powers = useQuery({ ...apiQuery('/api/manage/myPowers'), enabled: (roles.data?.length ?? 0) > 0 });
  const areaHref = powers.data ? areaHome(powers.data.powers) : null;
  const total = useQuery(apiQuery(platformPath('/api/study/totalTime', platform)));
  // Rendered only in the browser (after the login check), so the local hour is safe to read here.
  const hour = new Date().getHours();
  useEffect(() => {
    if (info.data) writeUserInfo({ ...info.data, cmsRoleCount: roles.data?.length ?? 0 });
  }, [info.data, roles.data]);
  const user = info.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
      <span>
        {user
          ? `${greeting(hour)}，${user.operatorName}`
          : info.isError
            ? `${greeting(hour)}！`
            : `${greeting(hour)}，…`}
        {!user && info.isError && (
          <button type="button" className={`${linkClass} ml-2`} onClick={() => void info.refetch()}>
            重新加载
          </button>
        )}
        {total.data && (
          <span className="ml-3 text-white/85">
            {/* Each figure stays on one line (a phone broke 59小时4分钟 after 小). */}
            本年度线上学时{' '}
            <span className="whitespace-nowrap">
              {formatHoursMinutes(total.data.onLineAllTimeEffective)}
            </span>，线下学时{' '}
            <span className="whitespace-nowrap">{formatHoursMinutes(total.data.offLineAllTimeEffective)}</span>
          </span>
        )}
      </span>
      <span className="flex flex-wrap items-center gap-3">
        {/* The own-unit view is the unit area: only those whose powers open one are offered the switch. */}
        {areaHref && <UnitAreaLink href={areaHref} />}
        <NotificationBell className={linkClass} />
        {/* Links to per-visitor pages never prefetch: each prefetch would be a full render on the server. */}
        <Link
          href="/personal/index"
          target="personal"
          prefetch={false}
          className={linkClass}
          onClick={(e) => {
            e.preventDefault();
            void import('@/components/account/personal-link').then((m) =>
              m.openPersonalStudy('/personal/index', 'personal'),
            );
          }}
        >
          个人学习
          <NewWindowHint />
        </Link>
        {(roles.data?.length ?? 0) > 0 && (
          <button
            type="button"
            className={linkClass}
            onClick={() => void import('@/components/account/management').then((m) => m.openManagement())}
          >
            我的管理
          </button>
        )}
        {user && (
          <Link href={creationHref(user)} prefetch={false} className={linkClass}>
            我的贡献
          </Link>
        )}
        <button type="button" className={linkClass} onClick={() => void logout(variant)}>
          退出
        </button>
      </span>
    </div>
  );
}

/**
 * Where signing out leaves the user: null to reload the page (SPEC 4.1), or the site's home when the page needs a
 * session, whose reload would only ask the user who just chose to leave to sign in again.
 */
export function afterLogout(variant: Variant, pathname: string): string | null {
  return findRoute(variant, pathname)?.login ? variant.home : null;
}

/** SPEC 4.1: log-out clears the user, the token and the sign-in flag, and reloads the page. */
async function logout(variant: Variant) {
  await call(api, '/modules/eosoperator/logout').catch(() => undefined);
  writeUserInfo(null);
  const to = afterLogout(variant, window.location.pathname);
  if (to) window.location.assign(to);
  else window.location.reload();
}

/** A unit manager's 切换至本单位: the unit area, and back to the whole academy from there (backType 2 and 1). */
function UnitAreaLink({ href }: { href: string }) {
  const path = usePathname() ?? '';
  const inUnit = AREA_PATHS.some((p) => path.includes(p));
  return (
    <Link
      href={inUnit ? '/home' : href}
      prefetch={false}
      className={linkClass}
      onClick={() => localStorage.setItem(BACK_TYPE_KEY, inUnit ? '1' : '2')}
    >
      {inUnit ? '切换至全院' : '切换至本单位'}
    </Link>
  );
}
