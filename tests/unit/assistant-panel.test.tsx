/** @jest-environment jsdom */
/**
 * The AI assistant's panel: readable dark text (it sits in the header's white-on-dark bar), a width in px
 * (1rem is 100 px here), and answers in a safe Markdown subset built as React elements.
 */
import { TextDecoder, TextEncoder } from 'node:util';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Markdown, safeHref } from '@/components/assistant/markdown';
import { AssistantPanel } from '@/components/assistant/AssistantPanel';
import { labelledAnswer } from '@/components/assistant/AssistantAnswer';

const md = (text: string) => render(<Markdown text={text} />).container;

describe('Markdown subset', () => {
  it('bold, italic, inline code, paragraphs and line breaks', () => {
    const c = md('**测试回答**\n第二行 *斜体* 与 `code`\n\n第二段 __粗__ 和 _斜_');
    expect(c.querySelector('strong')?.textContent).toBe('测试回答');
    expect(c.textContent).not.toContain('**');
    expect(c.querySelectorAll('p')).toHaveLength(2);
    expect(c.querySelector('p br')).not.toBeNull();
    expect([...c.querySelectorAll('em')].map((e) => e.textContent)).toEqual(['斜体', '斜']);
    expect(c.querySelector('code')?.textContent).toBe('code');
    expect([...c.querySelectorAll('strong')].map((e) => e.textContent)).toEqual(['测试回答', '粗']);
  });

  it('snake_case words and lone stars stay text', () => {
    const c = md('变量 file_name_here 与 2 * 3 * 4');
    expect(c.querySelector('em')).toBeNull();
    expect(c.textContent).toBe('变量 file_name_here 与 2 * 3 * 4');
  });

  it('lists and fenced code blocks; an unfinished fence (still streaming) is code so far', () => {
    const c = md('步骤：\n1. 登录\n2. 选学 **课程**\n\n- 甲\n- 乙\n\n```\nconst a = "<b>";\n```\n```js\nlet b');
    expect([...c.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['登录', '选学 课程']);
    expect(c.querySelector('ol li strong')?.textContent).toBe('课程');
    expect([...c.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['甲', '乙']);
    const pres = c.querySelectorAll('pre > code');
    expect(pres[0].textContent).toBe('const a = "<b>";');
    expect(pres[1].textContent).toBe('let b');
    expect(c.querySelector('b')).toBeNull();
  });

  it('links only to http(s), opened with noopener; other schemes stay text', () => {
    const c = md(
      '[学院](https://edu.example.cn/a?b=1) [坏](javascript:alert(1)) [数据](data:text/html,x) [相对](/home)',
    );
    const links = c.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://edu.example.cn/a?b=1');
    expect(links[0].getAttribute('rel')).toContain('noopener');
    expect(links[0].getAttribute('target')).toBe('_blank');
    expect(c.textContent).toContain('[坏](javascript:alert(1))');
    expect(c.textContent).toContain('[数据](data:text/html,x)');
    expect(safeHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(safeHref('http://a.cn')).toBe('http://a.cn/');
  });

  it('HTML in an answer is text, never markup', () => {
    const c = md('<script>alert(1)</script> <img src=x onerror=alert(1)> **<i>x</i>**');
    expect(c.querySelector('script, img, i')).toBeNull();
    expect(c.textContent).toContain('<script>alert(1)</script>');
    expect(c.querySelector('strong')?.textContent).toBe('<i>x</i>');
  });
});

/** The panel asks for the day's allowance through react-query. */
const renderPanel = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

describe('labelled AI answers', () => {
  it('text that leaves the panel ends with the label', () => {
    expect(labelledAnswer('答案\n\n')).toBe('答案\n\n（内容由AI生成）');
  });
});

describe('the panel', () => {
  afterEach(() => jest.restoreAllMocks());

  it('sets its own dark text and a px width, so nothing inherits the header bar’s white', () => {
    renderPanel(
      <div className="text-white">
        <AssistantPanel onClose={() => {}} />
      </div>,
    );
    const panel = screen.getByRole('dialog', { name: '智能助手' });
    expect(panel.className).toMatch(/\btext-gray-800\b/);
    expect(panel.className).toMatch(/\bfixed\b.*\bright-3\b|\bright-3\b.*\bfixed\b/);
    expect(panel.className).toContain('w-[min(400px,calc(100vw-24px))]');
    expect(panel.className).not.toMatch(/w-\[min\(\d+rem/);
    const input = screen.getByLabelText('输入问题');
    expect(input.className).toMatch(/\btext-gray-900\b/);
    expect(input.className).toMatch(/placeholder:text-gray-500/);
    expect(input.getAttribute('placeholder')).toBe('请输入您的问题');
  });

  it('shows the question as typed and the streamed answer as Markdown in dark text', async () => {
    const g = globalThis as unknown as Record<string, unknown>;
    g.TextEncoder ??= TextEncoder;
    g.TextDecoder ??= TextDecoder;
    const chunks = [new TextEncoder().encode('**测试回答**\n'), new TextEncoder().encode('[链接](javascript:x)')];
    const body = {
      getReader: () => ({
        read: async () => (chunks.length ? { done: false, value: chunks.shift() } : { done: true, value: undefined }),
      }),
    };
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => ({
      ok: true,
      status: 200,
      headers: new Headers({ 'content-type': 'text/plain' }),
      body,
    }));
    renderPanel(<AssistantPanel onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('输入问题'), { target: { value: '**问题** <b>x</b>' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    const strong = await screen.findByText('测试回答');
    expect(strong.tagName).toBe('STRONG');
    const answer = strong.closest('[data-role="assistant"]')!;
    expect(answer.className).toMatch(/\btext-gray-900\b/);
    expect(answer.querySelector('a')).toBeNull();
    // Every answer says it was generated by AI, and 复制 copies it with that label.
    expect(answer.querySelector('[data-testid="ai-label"]')?.textContent).toBe('内容由AI生成');
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(await screen.findByRole('button', { name: '复制' }));
    expect(await screen.findByRole('button', { name: '已复制' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/测试回答[\s\S]*（内容由AI生成）$/));
    const question = document.querySelector('[data-role="user"]')!;
    expect(question.textContent).toContain('**问题** <b>x</b>');
    expect(question.querySelector('b, strong')).toBeNull();
    expect(question.className).toMatch(/\btext-gray-900\b/);
  });

  it('says how many questions are left today, and none left refuses to send', async () => {
    let left = 2;
    (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: unknown) => {
      const url = typeof input === 'string' ? input : ((input as { url?: string }).url ?? String(input));
      if (url.includes('/api/conversation/quota'))
        return {
          ok: true,
          status: 200,
          headers: new Headers({ 'content-type': 'application/json' }),
          json: async () => ({ code: 0, msg: '', data: { left, limit: 20 } }),
          text: async () => JSON.stringify({ code: 0, msg: '', data: { left, limit: 20 } }),
        };
      throw new Error(`unexpected ${url}`);
    });
    const { unmount } = renderPanel(<AssistantPanel onClose={() => {}} />);
    expect(await screen.findByText('今日还可提问 2 次')).toBeTruthy();
    unmount();
    left = 0;
    renderPanel(<AssistantPanel onClose={() => {}} />);
    expect(await screen.findByText('今日提问次数已用完，请明天再来')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('输入问题'), { target: { value: '还能问吗' } });
    expect((screen.getByRole('button', { name: '发送' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
