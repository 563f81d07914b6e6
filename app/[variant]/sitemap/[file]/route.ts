import { parseSiteSegment } from '@/lib/variants';
import { sitemapPart, xmlResponse } from '@/lib/catalogue/sitemap';

/** /sitemap/<kind>-<n>.xml: one part of a large host's sitemap. */
export async function GET(_req: Request, { params }: { params: Promise<{ variant: string; file: string }> }) {
  const p = await params;
  const site = parseSiteSegment(p.variant);
  const body = site ? await sitemapPart(site, p.file) : null;
  return body ? xmlResponse(body) : new Response('Not Found', { status: 404 });
}
