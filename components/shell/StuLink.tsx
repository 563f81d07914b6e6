'use client';

import { useSyncExternalStore } from 'react';
import { useLoggedIn } from '@/lib/session/client';

export const STU_URL_KEY = 'stuUrl';
const noop = () => () => {};
const readStuUrl = () => {
  try {
    const v = localStorage.getItem(STU_URL_KEY) ?? '';
    return /^https?:\/\//i.test(v) ? v : '';
  } catch {
    return '';
  }
};

/**
 * The student platform's address the sign-in answered (SPEC 3 login result stuUrl, kept under its key): a signed-in
 * user of the other sites gets a link to it beside 学习中心. Nothing when the server gave none (STU_URL unset).
 */
export function StuLink() {
  const loggedIn = useLoggedIn();
  const href = useSyncExternalStore(noop, readStuUrl, () => '');
  if (!loggedIn || !href) return null;
  return (
    <a href={href} className="hover:underline" target="_blank" rel="noopener noreferrer">
      研究生科学教育平台
    </a>
  );
}
