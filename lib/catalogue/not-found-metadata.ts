import type { Metadata } from 'next';

/**
 * The metadata of a detail page whose record does not exist (the page then calls notFound()): the same title as the
 * 404 page itself and no robots entry of its own, so a cached 404 has one title whichever of the two Next.js
 * resolves first, and one `<meta name="robots">` (Next.js's noindex for a 404).
 */
export const MISSING_RECORD_METADATA: Metadata = { title: '页面不存在' };
