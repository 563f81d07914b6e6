/**
 * Rich text from the backend (news bodies, course summaries, policy documents) is sanitised here, on the
 * server, with the allow-list the notice editor shares (lib/rich-text/allow-list.ts): no script or style, no event
 * handlers, no script address in any attribute, only http(s)/mailto links and same-site images (a relative URL; an
 * image on another host, protocol-relative or data: is dropped). Plain text (seeded summaries) is turned into
 * paragraphs.
 */
import sanitizeHtml from 'sanitize-html';
import {
  allowedAttribute,
  isSameSiteUrl,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_DROPPED,
  RICH_TEXT_LINK_REL,
  RICH_TEXT_LINK_SCHEMES,
  RICH_TEXT_RENAMED,
  RICH_TEXT_TAGS,
} from '@/lib/rich-text/allow-list';

/** Every attribute through the shared allow-list (sanitize-html itself checks schemes on href/src only). */
function keptAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const tag = RICH_TEXT_RENAMED[tagName] ?? tagName;
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const allowed = allowedAttribute(tag, name, value);
    if (allowed !== null) kept[name] = allowed;
  }
  if (tag === 'a') kept.rel = RICH_TEXT_LINK_REL;
  return { tagName: tag, attribs: kept };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, tag === 'a' ? [...names, 'rel'] : [...names]]),
  ),
  allowedSchemes: [...RICH_TEXT_LINK_SCHEMES],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [...RICH_TEXT_DROPPED],
  transformTags: { '*': keptAttributes },
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
  return sanitizeHtml(value, OPTIONS);
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
