/** @jest-environment jsdom */
/**
 * The questionnaire form: every unanswered required question and every malformed answer is marked at once, beside
 * its question, before anything is sent; a training project's collection tells an outsider before they fill it in.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SurveyForm } from '@/components/survey/SurveyForm';
import { IDENTITY_COOKIE } from '@/lib/identity-cookie';
import type { SurveyView } from '@/lib/learning/survey-rules';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }) }));

const requests: string[] = [];
let status = { submitted: false, allowed: true };
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    requests.push(String(url));
    const env = { code: 0, msg: 'success', data: String(url).endsWith('assignStatus') ? status : null };
    return { ok: true, status: 200, headers: new Headers({ 'content-type': 'application/json' }), json: async () => env, text: async () => JSON.stringify(env) } as Response;
  }) as typeof fetch;
});
beforeEach(() => {
  requests.length = 0;
  status = { submitted: false, allowed: true };
  document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
});

const survey: SurveyView = {
  id: 9,
  code: 'train-2',
  title: '学员信息采集',
  intro: '',
  trainId: 2,
  questions: [
    { id: 1, type: 'text', title: '联系电话', options: [], required: true, format: 'phone' },
    { id: 2, type: 'single', title: '是否需要安排住宿', options: ['需要', '不需要'], required: true },
    { id: 3, type: 'text', title: '其他', options: [], required: false },
  ],
};

describe('the survey form', () => {
  it('marks every required question left empty at once and sends nothing', async () => {
    render(<SurveyForm survey={survey} />);
    await act(async () => {});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    const groups = screen.getAllByRole('group');
    expect(within(groups[0]).getByText('第1题为必答题，请作答')).toBeTruthy();
    expect(within(groups[1]).getByText('第2题为必答题，请作答')).toBeTruthy();
    expect(groups[0].getAttribute('aria-invalid')).toBe('true');
    expect(groups[2].getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('alert').textContent).toBe('还有2道题需要填写或修改，请查看标红的题目');
    expect(document.activeElement).toBe(groups[0]);
    expect(requests.some((r) => r.endsWith('/save'))).toBe(false);

    // A phone number typed badly is its own problem; answering question 2 clears its mark only.
    fireEvent.change(within(groups[0]).getByRole('textbox'), { target: { value: '12345' } });
    fireEvent.click(within(groups[1]).getByLabelText('不需要'));
    expect(within(groups[1]).queryByText('第2题为必答题，请作答')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(screen.getByRole('alert').textContent).toBe('第1题请填写正确的手机号码或固定电话（含区号）');
  });

  it('tells someone outside the project that the collection is not theirs, without a submit button', async () => {
    status = { submitted: false, allowed: false };
    render(<SurveyForm survey={survey} />);
    expect(await screen.findByText('该信息采集仅限本培训项目审核通过的学员填写')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });
});
