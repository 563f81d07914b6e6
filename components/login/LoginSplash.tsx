'use client';
/**
 * SPEC 2.8: the login-success splash: 'Welcome to {title}!', the head picture (default fallback), the
 * greeting by hour and 'user authenticated, initialising user information...'. It closes after 4 s;
 * then the caller goes to /home if a system error had been flagged, else re-initialises the page.
 */
import { useEffect, useRef, useState } from 'react';
import { LOGIN_SPLASH_MS } from '@/lib/constants';
import { greeting } from '@/lib/format';
import { SYSTEM_ERROR_KEY } from '@/lib/session/client';
import { useSite } from '@/components/site/SiteContext';
import { focusFallback, focusLost } from '@/components/shell/focus-return';

export const DEFAULT_HEAD =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#dbe4f3"/><circle cx="48" cy="38" r="17" fill="#8aa2c8"/><path d="M16 84c4-18 17-27 32-27s28 9 32 27" fill="#8aa2c8"/></svg>',
  );

export function LoginSplash({
  name,
  headPic,
  onDone,
}: {
  name: string;
  headPic: string;
  onDone: (systemError: boolean) => void;
}) {
  const { title } = useSite();
  const [src, setSrc] = useState(headPic || DEFAULT_HEAD);
  const [systemError] = useState(() => {
    const flagged = sessionStorage.getItem(SYSTEM_ERROR_KEY) === '1';
    sessionStorage.removeItem(SYSTEM_ERROR_KEY); // cleared when the splash is shown
    return flagged;
  });
  useEffect(() => {
    const t = setTimeout(() => onDone(systemError), LOGIN_SPLASH_MS);
    return () => clearTimeout(t);
  }, [onDone, systemError]);
  // The splash covers the page: it holds the focus (read out), not the 登录 button hidden behind it, which the
  // re-initialised page no longer has; when it goes, a focus left on <body> moves to the page's main landmark.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
    return () => {
      setTimeout(() => {
        if (focusLost()) focusFallback();
      }, 0);
    };
  }, []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[70] flex items-center justify-center bg-brand-800/90 p-6 text-white"
    >
      <div className="text-center">
        <p className="text-2xl font-semibold">欢迎来到{title}！</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- the user's own picture (data: or uploaded URL) */}
        <img
          src={src}
          alt={`${name}的头像`}
          width={96}
          height={96}
          onError={() => setSrc(DEFAULT_HEAD)}
          className="mx-auto mt-6 h-24 w-24 rounded-full border-4 border-white/70 bg-white object-cover"
        />
        <p className="mt-4 text-lg">
          {greeting(new Date().getHours())}，{name}
        </p>
        <p className="mt-2 text-white/85">用户认证成功，正在初始化用户信息...</p>
      </div>
    </div>
  );
}
