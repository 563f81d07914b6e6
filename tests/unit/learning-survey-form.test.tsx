/** @jest-environment jsdom */
/**
 * The questionnaire form: every unanswered required question and every malformed answer is marked at once, beside
 * its question, before anything is sent; a training project's collection tells an outsider before they fill it in.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SurveyForm } from '@/components/survey/SurveyForm';
import { IDENTITY_COOKIE } from '@/lib/session/identity-cookie';
import type { SurveyView } from '@/lib/validation/survey';
import { onUi, type UiEvent } from '@/lib/ui/events';
import { envelopeResponse } from '../fixtures/http';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn() }),
}));

const requests: string[] = [];
let status = { submitted: false, allowed: true };
beforeAll(() => {
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    requests.push(String(url));
    const env = { code: 0, msg: 'success', data: String(url).endsWith('assignStatus') ? status : null };
    return envelopeResponse(env);
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

/** The feedback questionnaire of the footer's 意见反馈, open to visitors: every kind of question. */
const feedback: SurveyView = {
  id: 1,
  code: 'feedback',
  title: '平台使用意见反馈问卷',
  intro: '',
  trainId: null,
  questions: [
    { id: 11, type: 'rating', title: '您对平台整体使用体验的评分', options: [], required: true },
    { id: 12, type: 'single', title: '您最常使用的学习形式', options: ['课程资源', '系列专题'], required: true },
    { id: 13, type: 'multiple', title: '您希望平台增加哪些内容', options: ['前沿讲座', '管理技能'], required: false },
    { id: 14, type: 'text', title: '其他意见和建议', options: [], required: false },
  ],
};

const signOut = () => {
  document.cookie = `${IDENTITY_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
};

describe('a visitor filling in a questionnaire', () => {
  const events: UiEvent[] = [];
  let off = () => {};
  beforeEach(() => {
    sessionStorage.clear();
    events.length = 0;
    off = onUi((e) => events.push(e));
    signOut();
  });
  afterEach(() => off());

  it('is told before starting that submitting needs a sign-in, with a 登录 that opens the login dialog', async () => {
    render(<SurveyForm survey={feedback} />);
    await act(async () => {});
    expect(screen.getByText('提交问卷需要先登录，登录后已填写的内容会保留')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(events).toEqual([{ type: 'login', loginType: 1, extra: undefined }]);
  });

  it('keeps every answer through the sign-in (the page reloads), and the draft goes once submitted', async () => {
    const first = render(<SurveyForm survey={feedback} />);
    await act(async () => {});
    fireEvent.click(screen.getByLabelText('5分'));
    fireEvent.click(screen.getByLabelText('系列专题'));
    fireEvent.click(screen.getByLabelText('管理技能'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '访客填写的长篇意见……' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    // SPEC 2.7 mode 6 (an action needing a sign-in), not mode 1's 请先登录系统后再查看相关内容.
    expect(events).toEqual([{ type: 'messageBox', mode: 6, message: '提交问卷需要先登录，登录后已填写的内容会保留' }]);
    expect(requests.some((r) => r.endsWith('/save'))).toBe(false);

    // Signed in, the page starts again: the answers are back.
    first.unmount();
    document.cookie = `${IDENTITY_COOKIE}=1.1.x`;
    render(<SurveyForm survey={feedback} />);
    await act(async () => {});
    expect(screen.queryByText('提交问卷需要先登录，登录后已填写的内容会保留')).toBeNull();
    expect((screen.getByLabelText('5分') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('系列专题') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('管理技能') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('前沿讲座') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('访客填写的长篇意见……');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(requests.filter((r) => r.endsWith('/collection/save'))).toHaveLength(1);
    expect(sessionStorage.getItem('surveyDraft:1')).toBeNull();
  });

  it('ignores a draft of questions the questionnaire does not have', async () => {
    sessionStorage.setItem('surveyDraft:1', JSON.stringify({ 99: 1, 11: 4 }));
    render(<SurveyForm survey={feedback} />);
    await act(async () => {});
    expect((screen.getByLabelText('4分') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('课程资源'));
    expect(JSON.parse(sessionStorage.getItem('surveyDraft:1')!)).toEqual({ 11: 4, 12: 0 });
  });
});

describe('the questionnaire preview', () => {
  it('says, and announces, that the check passed when every required answer is there', async () => {
    render(<SurveyForm survey={feedback} preview />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByLabelText('3分'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '检查（不保存）' })));
    expect(screen.getByRole('alert').textContent).toBe('第2题为必答题，请作答');
    expect(status.textContent).toBe('');
    fireEvent.click(screen.getByLabelText('课程资源'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '检查（不保存）' })));
    expect(screen.getByRole('status').textContent).toBe('检查通过：所有必答题均已填写（预览不会保存）');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.some((r) => r.endsWith('/save'))).toBe(false);
    // An answer changed: the result no longer holds.
    fireEvent.click(screen.getByLabelText('4分'));
    expect(status.textContent).toBe('');
  });
});
