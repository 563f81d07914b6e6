/** @jest-environment jsdom */
/**
 * Account settings and the post-station dialog (issue 3 point 8): at least one station (请至少选择一个岗位),
 * bind with stationIds and operatorID (绑定成功), closing stores today's date under the operator ID;
 * change password and e-mail with the shared schemas' messages.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AccountSettings } from '@/components/account/AccountSettings';
import { StationDialog } from '@/components/account/StationDialog';
import { shouldPromptStations, stationDismissKey, todayString } from '@/components/account/management';
import { apiEvents } from '@/lib/api/browser';

const requests: { path: string; body: unknown }[] = [];
let mine: unknown[] = [];
const answers = (path: string): unknown => {
  switch (path) {
    case '/api/station/list':
      return [
        { stationId: 1, stationName: '科研管理岗', summary: '科研项目管理', stationImgUrl: '', bound: false },
        { stationId: 2, stationName: '实验技术岗', summary: '实验室技术支撑', stationImgUrl: '', bound: false },
      ];
    case '/api/station/mine':
      return mine;
    case '/api/station/bind':
      return { msg: '绑定成功' };
    case '/api/eosoperator/myInfo':
      return {
        operatorID: 7,
        tchrId: null,
        operatorName: '王晓明',
        orgName: '物理研究所',
        userID: 'learner',
        remark: '学员',
        headPic: '',
        email: 'learner@example.org',
        gender: 1,
      };
    default:
      return true;
  }
};

beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    requests.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const body = { code: 0, msg: 'success', data: answers(path) };
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'application/json' }),
      json: async () => body,
    } as Response;
  }) as typeof fetch;
});
beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
});

const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('post-station dialog', () => {
  it('asks for at least one, then binds the chosen ones for the operator', async () => {
    const notes: string[] = [];
    const off = apiEvents.subscribe((e) => e.type === 'notify' && notes.push(e.message));
    const onClose = jest.fn();
    wrap(<StationDialog operatorID={7} open onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('请至少选择一个岗位')).toBeTruthy();
    fireEvent.click(await screen.findByRole('checkbox', { name: /实验技术岗/ }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.path === '/api/station/bind')?.body).toEqual({ stationIds: [2], operatorID: 7 });
    expect(notes).toContain('绑定成功');
    expect(localStorage.getItem(stationDismissKey(7))).toBeNull();
    off();
  });

  it('closing stores today under the operator ID, and the prompt waits until tomorrow', async () => {
    const onClose = jest.fn();
    wrap(<StationDialog operatorID={7} open onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalled();
    expect(localStorage.getItem(stationDismissKey(7))).toBe(todayString());
    expect(await shouldPromptStations(7)).toBe(false);
    mine = [];
    expect(await shouldPromptStations(8)).toBe(true);
    mine = [{ stationId: 1 }];
    expect(await shouldPromptStations(8)).toBe(false);
  });
});

describe('account settings', () => {
  it('shows the account and validates the password and e-mail forms with the SPEC 5 messages', async () => {
    wrap(<AccountSettings />);
    expect(await screen.findByText(/登录账号 learner/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('原密码'), { target: { value: 'Learner_2026' } });
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码必须包含字母、数字、下划线，且长度不小于8位')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('新密码'), { target: { value: 'Learner_2027' } });
    fireEvent.change(screen.getByLabelText('确认新密码'), { target: { value: 'Learner_2027' } });
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/eosoperator/changePassword')?.body).toEqual({
        oldPassword: 'Learner_2026',
        newPassword: 'Learner_2027',
        confirmPassword: 'Learner_2027',
      }),
    );

    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: '保存邮箱' }));
    expect(await screen.findByText('请输入正确的邮箱')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '选择岗位' }));
    expect(await screen.findByRole('heading', { name: '选择学习岗位' })).toBeTruthy();
  });

  it('shows the saved gender and sends the one chosen', async () => {
    wrap(<AccountSettings />);
    const male = (await screen.findByRole('radio', { name: '男' })) as HTMLInputElement;
    const female = screen.getByRole('radio', { name: '女' }) as HTMLInputElement;
    expect(male.checked).toBe(true);
    expect(female.checked).toBe(false);
    fireEvent.click(female);
    expect(female.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/eosoperator/update')?.body).toMatchObject({ gender: 2 }),
    );
  });

  it('replacing the e-mail asks for the current password and sends it', async () => {
    wrap(<AccountSettings />);
    fireEvent.change(await screen.findByLabelText('邮箱'), { target: { value: 'wang.new@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: '保存邮箱' }));
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/eosoperator/updateEmail')).toBe(false);
    fireEvent.change(screen.getByLabelText('当前密码'), { target: { value: 'Learner_2026' } });
    fireEvent.click(screen.getByRole('button', { name: '保存邮箱' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === '/api/eosoperator/updateEmail')?.body).toEqual({
        email: 'wang.new@example.org',
        password: 'Learner_2026',
      }),
    );
  });
});
