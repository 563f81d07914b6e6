/**
 * After a write, the cached public pages that show it are regenerated on their next request
 * (DESIGN 4). Pages are cached under their rewritten path (/main/home, /party/home, ...), so
 * each site's copy is revalidated. Outside a Next.js server (tests, scripts) there is no cache.
 */
import { ALL_SITE_SEGMENTS } from '@/lib/variants';

/** `pagePath` as the visitor sees it, e.g. '/home'. */
export async function revalidateSitePage(pagePath: string): Promise<void> {
  let revalidatePath: typeof import('next/cache').revalidatePath;
  try {
    ({ revalidatePath } = await import('next/cache'));
  } catch {
    return;
  }
  for (const segment of ALL_SITE_SEGMENTS) {
    try {
      revalidatePath(`/${segment}${pagePath}`);
    } catch (err) {
      // Only expected outside a request of a Next.js server (tests); say so anywhere else.
      if (process.env.NODE_ENV === 'production') console.warn(`[revalidate] ${pagePath}: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
  }
}
