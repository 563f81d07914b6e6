/** @jest-environment jsdom */
/**
 * QA: a signed-in user who opened /home?login=1&redirect=/exam (a bookmark, a shared link) got the login dialog over
 * a header that greeted them, and stayed on /home. Signed in, the address now leads on to the guarded page; a visitor
 * still gets the dialog, once.
 */
import { dialogFromAddress } from '@/components/shell/LazyDialogs';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
}));

const at = (url: string) => window.history.replaceState(null, '', url);
afterEach(() => {
  document.cookie = `${IDENTITY_COOKIE}=; max-age=0`;
});

it('a visitor gets the login dialog, and ?login=1 leaves the address (the redirect stays for after the login)', () => {
  at('/home?login=1&redirect=%2Fexam');
  expect(dialogFromAddress()).toEqual({ loginType: 1 });
  expect(window.location.search).toBe('?redirect=%2Fexam');
});

it('someone signed in goes on to the guarded page, without the dialog', () => {
  document.cookie = `${IDENTITY_COOKIE}=7.3.x`;
  at('/home?login=1&redirect=%2Fpersonal%2Findex%3Ftab%3Dexams');
  expect(dialogFromAddress()).toEqual({ goTo: '/personal/index?tab=exams' });
});

it('someone signed in stays on the page, without the dialog, when there is no safe place to go', () => {
  document.cookie = `${IDENTITY_COOKIE}=7.3.x`;
  at('/home?login=1&redirect=https%3A%2F%2Fevil.example%2F');
  expect(dialogFromAddress()).toBeNull();
  expect(window.location.search).toBe('');
  at('/home?login=1');
  expect(dialogFromAddress()).toBeNull();
});
