/**
 * SPEC 3 platform detail: studyImage and homeImage are JSON strings holding a background and a document image
 * address, e.g. `{"background":"/banners/banner-3.svg","document":"/banners/banner-4.svg"}`. They come from a
 * setting an operator edits, so they are parsed defensively: anything that is not such an object, or an address
 * that is not a same-site path (a `javascript:`, `data:` or `//host` one, quotes or brackets that could break out
 * of a CSS url()), gives ''.
 */
export interface PlatformImages {
  background: string;
  document: string;
}

const NONE: PlatformImages = { background: '', document: '' };

/**
 * A same-site path (not `//host`), without characters that would end a CSS url(). Other hosts are refused too: the
 * pages' Content-Security-Policy (img-src 'self') would block them anyway.
 */
export function safeImageAddress(value: unknown): string {
  if (typeof value !== 'string') return '';
  const v = value.trim();
  if (!v || v.length > 2000 || /["'()\\\s<>]/.test(v)) return '';
  return v.startsWith('/') && !v.startsWith('//') ? v : '';
}

export function parsePlatformImages(json: string | null | undefined): PlatformImages {
  if (!json) return NONE;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return NONE;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return NONE;
  const o = value as Record<string, unknown>;
  return { background: safeImageAddress(o.background), document: safeImageAddress(o.document) };
}
