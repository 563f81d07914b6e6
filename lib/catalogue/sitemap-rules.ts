/** Sitemaps per host (issue 4 point 3): at most this many URLs per file; a larger site gets a sitemap index. */
export const SITEMAP_CHUNK = 5000;
/** The public detail pages listed, one query each; `space`: the teacher spaces (/space/teacher) of the host's teachers. */
export const SITEMAP_KINDS = ['course', 'series', 'train', 'news', 'notice', 'teacher', 'live', 'space'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
