/** @jest-environment jsdom */
/**
 * One allow-list for rich text (issue 38): the server's sanitiser (sanitize-html) and the notice editor (the
 * browser's DOM) keep the same markup of the same hostile input, and neither keeps a script address in any
 * attribute, SVG included. Line breaks typed with Enter (<div>, <p>, <br>) survive both (issue 34).
 */
import { inertHtml } from '@/components/ui/RichTextEditor';
import { allowedAttribute, isAllowedLink, isScriptValue } from '@/lib/rich-text/allow-list';
import { richText } from '@/lib/server/rich-text';

/** The server's output as the browser serialises it (`<br />` and `<br>` are the same markup). */
const asBrowser = (html: string) => {
  const t = document.createElement('template');
  t.innerHTML = html;
  return t.innerHTML;
};

const HOSTILE: [string, string][] = [
  ['svg link', '<p>看<svg><a xlink:href="javascript:window.__pwned=1"><text>这里</text></a></svg></p>'],
  ['svg href', '<svg><a href="javascript:alert(1)">点</a></svg>'],
  ['svg animate', '<svg><a><animate attributeName="href" values="javascript:alert(1)"/>点</a></svg>'],
  ['math link', '<math><mtext><a href="javascript:alert(1)">式</a></mtext></math>'],
  ['encoded scheme', '<a href="&#106;avascript:alert(1)">一</a><a href="java&#9;script:alert(1)">二</a>'],
  ['spaced scheme', '<a href=" JaVaScRiPt:alert(1)">三</a><a href="vbscript:msgbox(1)">四</a>'],
  ['data link', '<a href="data:text/html,<script>alert(1)</script>">五</a>'],
  ['title script', '<a href="/notice/index" title="javascript:alert(1)">六</a>'],
  ['protocol relative', '<a href="//evil.example/x">七</a><img src="//evil.example/a.png"><img src="/files/a.png">'],
  ['handlers', '<p onclick="x()" style="color:red">八<img src="/a.png" onerror="y()"></p>'],
  ['scripts', '<script>alert(1)</script><style>p{}</style><p>九</p><noscript><p>x</p></noscript>'],
  ['frames', '<iframe src="javascript:alert(1)"></iframe><object data="javascript:alert(1)"></object><p>十</p>'],
  ['form', '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">十一</button></form>'],
  ['data image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">'],
  ['h1', '<h1 id="x">标题</h1><p>正文</p>'],
];

describe('rich text allow-list', () => {
  it.each(HOSTILE)('keeps the same markup on both sides: %s', (_name, input) => {
    const server = asBrowser(richText(input));
    const editor = inertHtml(input);
    expect(editor).toBe(server);
    for (const out of [server, editor]) {
      expect(out).not.toMatch(/javascript|vbscript|data:|<svg|<math|onerror|onclick|<script|xlink/i);
    }
  });

  it('shows what survives: text and safe links, no script address', () => {
    expect(inertHtml(HOSTILE[0][1])).toBe('<p>看<a rel="noopener noreferrer nofollow">这里</a></p>');
    expect(inertHtml(HOSTILE[7][1])).toBe('<a href="/notice/index" rel="noopener noreferrer nofollow">六</a>');
    expect(inertHtml(HOSTILE[8][1])).toBe('<a rel="noopener noreferrer nofollow">七</a><img src="/files/a.png">');
    expect(inertHtml(HOSTILE[14][1])).toBe('<h2>标题</h2><p>正文</p>');
  });

  it('keeps the lines a notice was typed with (Enter writes <div> or <p>, Shift+Enter <br>)', () => {
    const typed = '<div>第一行</div><div>第二行<br>续行</div><p>第三段</p>';
    expect(inertHtml(typed)).toBe(typed);
    expect(asBrowser(richText(typed))).toBe(typed);
  });

  it('decides each attribute the same way on both sides', () => {
    expect(isScriptValue(' java\nscript:x')).toBe(true);
    expect(isScriptValue('https://example.cn')).toBe(false);
    expect(isAllowedLink('mailto:a@example.cn')).toBe(true);
    expect(isAllowedLink('/\\evil.example')).toBe(false);
    expect(allowedAttribute('a', 'href', 'https://example.cn/')).toBe('https://example.cn/');
    expect(allowedAttribute('a', 'onclick', 'x()')).toBeNull();
    expect(allowedAttribute('img', 'src', 'https://evil.example/a.png')).toBeNull();
    expect(allowedAttribute('td', 'colspan', '2')).toBe('2');
  });
});
