/** The tags of what a cached page shows (lib/cache-tags). */
const noTags = async () => null;

/**
 * Declares what a cached page shows (lib/cache-tags), so that the backend's invalidation of those tags regenerates
 * it. Next.js attaches the tags of an unstable_cache read to the page being rendered; this read caches nothing else.
 */
export async function tagPage(...tags: string[]): Promise<void> {
  // Outside a Next.js server (a test rendering a page) there is no page cache to tag.
  if (!tags.length || !process.env.NEXT_RUNTIME) return;
  const { unstable_cache } = await import('next/cache');
  await unstable_cache(noTags, ['page-tags', ...tags], { tags })();
}
