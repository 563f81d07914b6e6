import { parseSiteSegment } from '@/lib/variants';
import { sitemapXml, xmlResponse } from '@/lib/catalogue/sitemap';

/** /sitemap.xml of the host (proxy.ts rewrites it under the site segment). */
export async function GET(_req: Request, { params }: { params: Promise<{ variant: string }> }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) return new Response('Not Found', { status: 404 });
  return xmlResponse(await sitemapXml(site));
}
