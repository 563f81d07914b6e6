/**
 * The one allow-list of rich text (notices, news, summaries), shared by the server's sanitiser
 * (lib/server/rich-text.ts, sanitize-html) and the notice editor (components/ui/RichTextEditor.tsx, the browser's
 * DOM): what the editor shows is what the public page would show, so markup that is inert on the page is inert
 * while a second manager edits it too. Plain data and functions only: this module runs on both sides.
 */

/** Elements kept (HTML ones only: an SVG or MathML element of the same name is rebuilt as the HTML one). */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'div',
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
];

/** Elements dropped with everything inside them (the text of any other unknown element is kept). */
export const RICH_TEXT_DROPPED: readonly string[] = ['script', 'style', 'textarea', 'option', 'noscript'];

/** Attributes kept, per element; any other attribute (handlers, style, xlink:href...) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  img: ['src', 'alt', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** Schemes a link may use; a relative address is also allowed. Images are same-site only (no scheme at all). */
export const RICH_TEXT_LINK_SCHEMES: readonly string[] = ['http', 'https', 'mailto'];

/** The rel every kept link carries: a link in a notice must not reach back into the portal's window. */
export const RICH_TEXT_LINK_REL = 'noopener noreferrer nofollow';

/** Elements renamed on the way in (a notice's h1 would compete with the page's own title). */
export const RICH_TEXT_RENAMED: Readonly<Record<string, string>> = { h1: 'h2' };

const SAME_SITE_BASE = 'https://same-site.invalid/';

/** Control characters and whitespace a browser ignores inside a URL's scheme (`java\tscript:`). */
const IGNORED_IN_SCHEME = /[\u0000-\u0020\u007f-\u009f]+/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A relative URL that stays on this site: no scheme, no host (`//host`, `/\\host`), nothing a browser would take elsewhere. */
export function isSameSiteUrl(src: string | undefined): boolean {
  const value = (src ?? '').trim();
  if (!value || /[\u0000-\u001f\\]/.test(value) || SCHEME.test(value)) return false;
  try {
    return new URL(value, SAME_SITE_BASE).origin === new URL(SAME_SITE_BASE).origin;
  } catch {
    return false;
  }
}

/** Whether a link's address may stay: an allowed scheme, or relative but not protocol-relative (`//host`). */
export function isAllowedLink(href: string): boolean {
  const squeezed = href.replace(IGNORED_IN_SCHEME, '');
  const scheme = SCHEME.exec(squeezed);
  if (scheme) return RICH_TEXT_LINK_SCHEMES.includes(scheme[1].toLowerCase());
  return !/^[/\\]{2}/.test(squeezed);
}

/**
 * Whether an attribute value would run or load script wherever it lands (`javascript:`, `vbscript:`, `data:`),
 * with the spaces, control characters and entities-turned-characters a browser ignores removed first. Checked on
 * every kept attribute, not only on href/src.
 */
export function isScriptValue(value: string): boolean {
  return /^(?:javascript|vbscript|data):/i.test(value.replace(IGNORED_IN_SCHEME, ''));
}

/** The kept value of an attribute on an element, or null to drop it. */
export function allowedAttribute(tag: string, name: string, value: string): string | null {
  if (!(RICH_TEXT_ATTRIBUTES[tag] ?? []).includes(name) || isScriptValue(value)) return null;
  if (tag === 'a' && name === 'href') return isAllowedLink(value) ? value : null;
  if (tag === 'img' && name === 'src') return isSameSiteUrl(value) ? value : null;
  return value;
}
