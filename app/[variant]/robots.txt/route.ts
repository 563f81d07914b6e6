import { parseSiteSegment } from '@/lib/variants';
import { robotsTxt } from '@/lib/catalogue/sitemap';

/** /robots.txt of the host: points to its sitemap, keeps login-only and personal pages out. */
export async function GET(_req: Request, { params }: { params: Promise<{ variant: string }> }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) return new Response('Not Found', { status: 404 });
  return new Response(robotsTxt(site), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
