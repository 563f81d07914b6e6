/** @jest-environment jsdom */
/**
 * The hand-in form of /train/task (components/train/HandInForm): what it refuses before anything is sent — an empty
 * hand-in, a file of a type or size uploadResFile would refuse — with the messages beside the form (role=alert).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { HandInForm } from '@/components/train/HandInForm';

const sent: unknown[] = [];
beforeEach(() => {
  sent.length = 0;
  global.fetch = jest.fn(async (...args: unknown[]) => {
    sent.push(args);
    return new Response('{}');
  }) as unknown as typeof fetch;
});

const form = () => render(<HandInForm assignmentId={1} title="学习心得体会" current={null} onDone={() => undefined} />);

async function choose(file: File) {
  const input = screen.getByLabelText(/^附件/) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('HandInForm', () => {
  it('refuses an empty hand-in', async () => {
    form();
    await act(async () => {
      fireEvent.submit(screen.getByRole('form', { name: '提交作业：学习心得体会' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('请填写作业内容或上传附件');
    expect(sent).toHaveLength(0);
  });

  it('refuses a file of another type, and one over 20 MB, before sending it', async () => {
    form();
    await choose(new File(['MZ'], '程序.exe'));
    expect(screen.getByRole('alert').textContent).toMatch(/^程序\.exe：不支持的文件类型，仅支持：pdf、docx/);
    const big = new File(['x'], '报告.pdf');
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await choose(big);
    expect(screen.getByRole('alert').textContent).toBe('报告.pdf：文件过大，不能超过20.00 MB');
    expect(sent).toHaveLength(0);
  });

  it('says 重新提交 when it replaces a hand-in, starting from its text', () => {
    render(
      <HandInForm
        assignmentId={1}
        title="学习心得体会"
        current={{ id: 1, content: '旧的心得', files: [], submittedAt: '', score: null, comment: '', markedAt: null }}
        onDone={() => undefined}
      />,
    );
    expect((screen.getByLabelText('作业内容') as HTMLTextAreaElement).value).toBe('旧的心得');
    expect(screen.getByRole('button', { name: '重新提交' })).toBeTruthy();
  });
});
