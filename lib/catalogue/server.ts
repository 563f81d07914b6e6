/**
 * What every catalogue page needs on the server: the site from the path, its list parameters from the
 * internal `[[...q]]` segment (lib/variants/catalogue-paths), the API client and the query client to
 * prefetch into, and the page's metadata (title, description, canonical URL on its own host, Open Graph).
 */
import 'server-only';
import { imageUrl } from '@/lib/format';
import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { platformPath } from '@/lib/api/core';
import { serverApi } from '@/lib/api/server';
import { makeQueryClient } from '@/lib/api/query';
import { ApiError } from '@/lib/api/core';
import type { ApiPath, ContractBody, ContractData } from '@/lib/contract/endpoints';
import { parseQuerySegment } from '@/lib/variants/catalogue-paths';
import { parseSiteSegment, siteOrigin, siteTitle, VARIANTS, type Site } from '@/lib/variants';

export type CatalogueParams = Promise<{ variant: string; q?: string[] }>;

export async function siteOfParams(params: CatalogueParams) {
  const p = await params;
  const site = parseSiteSegment(p.variant);
  if (!site) notFound();
  const variant = VARIANTS[site.variant];
  return {
    site,
    variant,
    title: siteTitle(site),
    origin: siteOrigin(site),
    query: parseQuerySegment(p.q),
    /** The variant's own path of a call (SPEC 1: platform hosts use /api/platform/). */
    path: <P extends string>(x: P) => platformPath(x, variant.platform),
  };
}

/** A public page's prefetch context: no token, the same answer for every visitor (cached per site). */
export function publicApi(site: Site) {
  return { api: serverApi(site), qc: makeQueryClient() };
}

/** React's cache compares its arguments by identity, so the body travels as JSON text. */
const readCached = cache(async function readPublic(siteKey: string, path: string, bodyJson: string): Promise<unknown> {
  const site = parseSiteSegment(siteKey);
  if (!site) return null;
  try {
    return await serverApi(site).request<unknown>(path, JSON.parse(bodyJson));
  } catch (err) {
    if (err instanceof ApiError && (err.code === 1004 || err.code === 1001)) return null;
    throw err;
  }
});

/**
 * One read shared by generateMetadata and the page within a render (React cache), null when the record
 * does not exist (or the id is not valid). Path, body and answer are the contract's.
 */
export function readPublic<P extends ApiPath>(
  siteKey: string,
  path: P,
  body: ContractBody<P>,
): Promise<ContractData<P> | null> {
  return readCached(siteKey, path, JSON.stringify(body)) as Promise<ContractData<P> | null>;
}

/**
 * The og:image of a page's picture: link previews (WeChat, Weibo, Open Graph readers) show no SVG, so a demo
 * cover is named by its PNG (public/covers/share, scripts/share-images.mjs) and any other SVG is left out.
 */
export function shareImage(
  value: string | undefined,
  origin: string,
): { url: string; width?: number; height?: number } | null {
  const image = imageUrl(value);
  if (!image) return null;
  const cover = /^\/covers\/(cover-\d+)\.svg$/.exec(image);
  if (cover) return { url: `${origin}/covers/share/${cover[1]}.png`, width: 1200, height: 675 };
  if (/\.svg(?:$|\?)/i.test(image)) return null;
  return { url: image.startsWith('http') ? image : `${origin}${image}` };
}

export function pageMetadata(opts: {
  title: string;
  description: string;
  /** The public URL of the page, e.g. `/course/detail?id=5`. */
  canonical: string;
  origin: string;
  siteName: string;
  image?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}): Metadata {
  const description = opts.description.replace(/\s+/g, ' ').trim().slice(0, 150);
  const image = shareImage(opts.image, opts.origin);
  return {
    title: opts.title,
    description,
    alternates: { canonical: `${opts.origin}${opts.canonical}` },
    openGraph: {
      title: opts.title,
      description,
      url: `${opts.origin}${opts.canonical}`,
      siteName: opts.siteName,
      locale: 'zh_CN',
      type: opts.type ?? 'website',
      ...(image ? { images: [image] } : {}),
    },
    ...(opts.noindex ? { robots: { index: false, follow: false } } : {}),
  };
}

export function pageNumber(query: Record<string, string>): number {
  const n = Number(query.page);
  return Number.isInteger(n) && n > 1 && n <= 100_000 ? n : 1;
}
