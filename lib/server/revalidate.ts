/**
 * After a write, the cached public pages that show it are regenerated on their next request
 * (DESIGN 4). Outside a Next.js server (tests, scripts) there is no cache to revalidate.
 */
export async function revalidatePages(...pages: string[]): Promise<void> {
  try {
    const { revalidatePath } = await import('next/cache');
    for (const page of pages) revalidatePath(page, 'page');
  } catch {
    /* not running inside Next.js */
  }
}
