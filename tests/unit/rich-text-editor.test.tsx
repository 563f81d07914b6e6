/** @jest-environment jsdom */
/**
 * The notice editor's rich-text area (issue 25 通知公告发布): what it shows is inert (no handler or script of pasted
 * markup runs while editing), the HTML source edits the same value, and typing in the area reports its HTML.
 */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { inertHtml, RichTextEditor } from '@/components/ui/RichTextEditor';

function Harness({ initial, seen }: { initial: string; seen: (html: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      label="公告内容"
      value={value}
      onChange={(v) => {
        setValue(v);
        seen(v);
      }}
    />
  );
}

describe('RichTextEditor', () => {
  it('drops scripts, handlers and script addresses from what it shows, and keeps the formatting', () => {
    const html = inertHtml(
      '<h3>通知</h3><p onclick="x()">请<b>按时</b>报送</p><script>alert(1)</script><img src="x" onerror="y()"><a href="javascript:z()">链接</a><a href="/notice/index">公告</a>',
    );
    expect(html).toBe(
      '<h3>通知</h3><p>请<b>按时</b>报送</p><img src="x"><a rel="noopener noreferrer nofollow">链接</a><a href="/notice/index" rel="noopener noreferrer nofollow">公告</a>',
    );
  });

  it('shows the value in the area, edits it as HTML source, and reports typing as HTML', () => {
    const seen = jest.fn();
    render(<Harness initial="<p>第一段</p>" seen={seen} />);
    const area = screen.getByRole('textbox', { name: '公告内容' });
    expect(area.innerHTML).toBe('<p>第一段</p>');
    expect(screen.getByRole('toolbar', { name: '公告内容格式' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'HTML源码' }));
    const source = screen.getByLabelText('公告内容（HTML）') as HTMLTextAreaElement;
    expect(source.value).toBe('<p>第一段</p>');
    expect(screen.getByRole('button', { name: '加粗' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(source, { target: { value: '<p>改过</p><script>alert(1)</script>' } });
    expect(seen).toHaveBeenLastCalledWith('<p>改过</p><script>alert(1)</script>');

    fireEvent.click(screen.getByRole('button', { name: 'HTML源码' }));
    const back = screen.getByRole('textbox', { name: '公告内容' });
    expect(back.innerHTML).toBe('<p>改过</p>');
    back.innerHTML = '<p>改过</p><p>新的一段</p>';
    fireEvent.input(back);
    expect(seen).toHaveBeenLastCalledWith('<p>改过</p><p>新的一段</p>');
  });
});
