/**
 * Rich text from the backend (news bodies, course summaries, policy documents) is sanitised here, on the
 * server, with an allow-list: no script or style, no event handlers, only http(s)/mailto links and
 * same-site images (a relative URL; an image on another host, protocol-relative or data: is dropped).
 * Plain text (seeded summaries) is turned into paragraphs.
 */
import sanitizeHtml from 'sanitize-html';

const SAME_SITE_BASE = 'https://same-site.invalid/';

/** A relative URL that stays on this site: no scheme, no host (`//host`, `/\\host`), nothing a browser would take elsewhere. */
export function isSameSiteUrl(src: string | undefined): boolean {
  const value = (src ?? '').trim();
  if (!value || /[\u0000-\u001f\\]/.test(value) || /^[a-z][a-z0-9+.-]*:/i.test(value)) return false;
  try {
    return new URL(value, SAME_SITE_BASE).origin === new URL(SAME_SITE_BASE).origin;
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    h1: 'h2',
  },
  // An image whose address was not same-site has lost its src: it is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSameSiteUrl(frame.attribs.src),
};

/**
 * Whether stored text is HTML: a well-formed tag (`<p>`, `</b>`, `<img src="x">`). Plain text that merely holds
 * angle brackets (`a<b 且 c>d`, `<https://example.cn>`) is text, shown as typed.
 */
const TAG = /<\/?[a-z][a-z0-9]*(?:\s+[a-z][a-z0-9-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/i;

const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);

/** Sanitised HTML; text without tags becomes paragraphs (one per line), escaped, every character kept. */
export function richText(input: string | null | undefined): string {
  const value = (input ?? '').trim();
  if (!value) return '';
  if (!TAG.test(value)) {
    return value
      .split(/\n+/)
      .map((line) => `<p>${escapeText(line)}</p>`)
      .join('');
  }
  return sanitizeHtml(value, {
    ...OPTIONS,
    allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel'] },
  });
}

/**
 * Text a person typed (the creation centre's summary), stored as the rich text that shows exactly that: one
 * escaped paragraph per line, so `<b>` typed stays `<b>` on the course page. richTextAsText gives it back.
 */
export function textAsRichText(text: string): string {
  if (!text.trim()) return '';
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escapeText(line)}</p>`)
    .join('');
}

const TYPED = /^(?:<p>[^<]*<\/p>)+$/;

/** The typed text of textAsRichText's output, line for line; of other rich text (seeded), its plain text. */
export function richTextAsText(html: string): string {
  if (!TYPED.test(html)) return plainText(html, Number.MAX_SAFE_INTEGER);
  return html
    .slice(3, -4)
    .split('</p><p>')
    .map((line) => line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
    .join('\n');
}

/** Plain text of rich text, for descriptions and search snippets. */
export function plainText(input: string | null | undefined, max = 160): string {
  const text = sanitizeHtml(input ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
