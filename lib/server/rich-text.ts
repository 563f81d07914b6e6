/**
 * Rich text from the backend (news bodies, course summaries, policy documents) is sanitised here, on the
 * server, with an allow-list: no script or style, no event handlers, only http(s)/mailto links and
 * same-site images. Plain text (seeded summaries) is turned into paragraphs.
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span', 'sub', 'sup', 'hr'],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'width', 'height'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
    h1: 'h2',
  },
};

/** Sanitised HTML; text without tags becomes paragraphs (one per line). */
export function richText(input: string | null | undefined): string {
  const value = (input ?? '').trim();
  if (!value) return '';
  if (!/<[a-z][\s\S]*>/i.test(value)) {
    return value
      .split(/\n+/)
      .map((line) => `<p>${sanitizeHtml(line, { allowedTags: [], allowedAttributes: {} })}</p>`)
      .join('');
  }
  return sanitizeHtml(value, { ...OPTIONS, allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel'] } });
}

/** Plain text of rich text, for descriptions and search snippets. */
export function plainText(input: string | null | undefined, max = 160): string {
  const text = sanitizeHtml(input ?? '', { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
