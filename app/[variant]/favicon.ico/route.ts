import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSiteSegment, VARIANTS } from '@/lib/variants';

/**
 * /favicon.ico of the host (browsers and crawlers ask for it even when the page names an SVG icon): its variant's
 * logo as an ICO (assets/favicons, made by scripts/favicons.mjs from public/logos).
 */
export async function GET(_req: Request, { params }: { params: Promise<{ variant: string }> }) {
  const site = parseSiteSegment((await params).variant);
  if (!site) return new Response('Not Found', { status: 404 });
  const name = path.basename(VARIANTS[site.variant].logo, '.svg');
  const body = await readFile(path.join(process.cwd(), 'assets', 'favicons', `${name}.ico`));
  return new Response(new Uint8Array(body), {
    headers: { 'content-type': 'image/x-icon', 'cache-control': 'public, max-age=86400' },
  });
}
