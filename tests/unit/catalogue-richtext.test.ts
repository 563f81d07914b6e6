import { plainText, richText, richTextAsText, textAsRichText } from '@/lib/server/rich-text';
import { searchTerms } from '@/lib/server/services/search/search';

describe('text a person typed is stored as rich text that shows exactly what was typed', () => {
  it('tags and entities typed stay text, line for line, and come back unchanged', () => {
    const typed = '用<b>加粗</b>写法 & 1 < 2\n\n第二段 &lt;原样&gt;';
    const stored = textAsRichText(typed);
    expect(stored).toBe('<p>用&lt;b&gt;加粗&lt;/b&gt;写法 &amp; 1 &lt; 2</p><p></p><p>第二段 &amp;lt;原样&amp;gt;</p>');
    expect(richText(stored)).toBe(stored);
    expect(richTextAsText(stored)).toBe(typed);
    expect(textAsRichText('  ')).toBe('');
    expect(richTextAsText('')).toBe('');
    // rich text that was not typed (the seed's) reads as its plain text
    expect(richTextAsText('<h2>标题</h2><ul><li>一</li></ul>')).toBe('标题一');
  });
});

describe('rich text is sanitised on the server with an allow-list', () => {
  it('drops scripts, styles, event handlers and javascript: links', () => {
    const html = richText(
      '<p onclick="x()">正文<script>alert(1)</script><style>p{}</style></p><a href="javascript:alert(1)">坏链接</a><a href="https://example.cn" onmouseover="y()">好链接</a><img src="x.png" onerror="z()"><iframe src="https://evil"></iframe>',
    );
    expect(html).toContain('<p>正文</p>');
    expect(html).not.toMatch(/script|style|onclick|onmouseover|onerror|javascript:|iframe/i);
    expect(html).toContain('<a href="https://example.cn" rel="noopener noreferrer nofollow">好链接</a>');
  });

  it('keeps the structure of documents and turns plain text into paragraphs', () => {
    expect(richText('<h2>第一章</h2><ol><li>一</li></ol><table><tr><td colspan="2">格</td></tr></table>')).toBe(
      '<h2>第一章</h2><ol><li>一</li></ol><table><tr><td colspan="2">格</td></tr></table>',
    );
    expect(richText('第一行\n第二行 1 < 2')).toBe('<p>第一行</p><p>第二行 1 &lt; 2</p>');
    expect(richText('')).toBe('');
  });

  it('plain text for descriptions, cut with an ellipsis', () => {
    expect(plainText('<p>甲&amp;乙</p><p>丙</p>')).toBe('甲&乙丙');
    expect(plainText('一二三四五六', 4)).toBe('一二三…');
    // decoded once: an escaped entity stays the text it was
    expect(plainText('<p>&amp;lt;b&amp;gt; &#39;引&#39;</p>')).toBe("&lt;b&gt; '引'");
  });

  it('keeps only same-site images: relative URLs; another host, protocol-relative and data: images are dropped', () => {
    const html = richText(
      '<p>图<img src="https://evil.example/track.png"><img src="http://evil.example/a.png"><img src="//evil.example/b.png"><img src="/\\evil.example/c.png"><img src="data:image/png;base64,AAAA"><img src="&#104;ttps://evil.example/d.png"><img src="javascript:alert(1)"><img alt="无地址"><img src="/api/resourceFile/file/1" alt="封面"><img src="images/e.png"></p>',
    );
    expect(html).toBe('<p>图<img src="/api/resourceFile/file/1" alt="封面" /><img src="images/e.png" /></p>');
    expect(html).not.toMatch(/evil|data:|javascript/);
  });

  it('text that only holds angle brackets is plain text, shown with every character', () => {
    expect(richText('公式 a<b 且 c>d')).toBe('<p>公式 a&lt;b 且 c&gt;d</p>');
    expect(richText('请看 <https://example.cn>')).toBe('<p>请看 &lt;https://example.cn&gt;</p>');
    expect(richText('&lt;img src=x onerror=alert(1)&gt;')).toBe('<p>&amp;lt;img src=x onerror=alert(1)&amp;gt;</p>');
  });
});

describe('search terms for Chinese', () => {
  it('segments Chinese into words, single characters joined to a neighbour; Latin words lowercased', () => {
    expect(searchTerms('  科研  ')).toMatchObject({ key: '科研', words: ['科研'], all: "'科研'" });
    const t = searchTerms('人工智能，科研 AI');
    expect(t.words).toEqual(['人工', '智能', '科研', 'ai']);
    expect(t.all).toBe("'人工' & '智能' & '科研' & 'ai':*");
    expect(searchTerms('关键词').words).toEqual(['关键词']);
    expect(searchTerms('关键词').all).toBe("('关键' <-> '键词')");
    expect(searchTerms('党史学习').words).toEqual(['党史', '学习']);
    expect(searchTerms('习近平').words).toEqual(['习近平']);
  });

  it('no word is a function character: 工程的技术 looks for 工程 and 技术', () => {
    expect(searchTerms('工程的技术').words).toEqual(['工程', '技术']);
  });

  it('a keyword carries its pinyin for near misses: 人工只能 sounds like 人工智能', () => {
    expect(searchTerms('人工只能').pinyin).toBe(searchTerms('人工智能').pinyin);
  });
});
