/** @jest-environment jsdom */
/** Search results' highlighting (QA: 人工智能前沿 showed [人工][智能] as two marks with a gap between them). */
import { render } from '@testing-library/react';
import { Highlight } from '@/components/ui/Highlight';

const marks = (text: string, terms: string[]) =>
  [...render(<Highlight text={text} terms={terms} />).container.querySelectorAll('mark')].map((m) => m.textContent);

it('words matched side by side are one mark', () => {
  expect(marks('人工智能前沿进展', ['人工', '智能', '前沿'])).toEqual(['人工智能前沿']);
});

it('separate matches stay separate, any case, and the text is unchanged', () => {
  const { container } = render(<Highlight text="AI与人工智能：ai前沿" terms={['ai', '前沿']} />);
  expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['AI', 'ai前沿']);
  expect(container.textContent).toBe('AI与人工智能：ai前沿');
});

it('terms with regular-expression characters are matched as text', () => {
  expect(marks('C++ 与 (a|b) 模式', ['C++', '(a|b)'])).toEqual(['C++', '(a|b)']);
});
