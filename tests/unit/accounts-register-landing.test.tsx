/** @jest-environment jsdom */
/** /register?activateToken=…: a link cut short or mangled is answered in plain words, without a request. */
import { act, render, screen } from '@testing-library/react';
import { RegisterLanding } from '@/components/account/RegisterLanding';
import { envelopeResponse } from '../fixtures/http';

const requests: string[] = [];
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    requests.push(String(url));
    const env = { code: 1001, msg: '参数错误：token 链接不正确', data: null };
    return envelopeResponse(env);
  }) as typeof fetch;
});

it('a malformed activation link says the link is invalid, names no parameter and asks the server nothing', async () => {
  render(<RegisterLanding activateToken="bogus" />);
  await act(async () => {});
  expect(screen.getByRole('status').textContent).toBe('激活链接无效或已过期，请重新注册或联系管理员');
  expect(document.body.textContent).not.toMatch(/参数错误|token/);
  expect(requests).toEqual([]);
  expect(screen.getByRole('button', { name: '重新注册' })).toBeTruthy();
});
