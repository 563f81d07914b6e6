/**
 * Next.js 16's middleware (the file older Next.js called middleware.ts). It maps the Host to a
 * variant and rewrites the request under app/[variant]/..., so public pages are cached per variant;
 * it applies the SPEC 2.1 redirects, the variant's route set and the login guards of SPEC 2.3.
 * The decision itself is lib/variants/decide.ts.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { decideRequest } from '@/lib/server/lanes/host-lane';

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const decision = decideRequest(
    request.headers.get('host') ?? url.host,
    url.pathname,
    url.search,
    request.headers.get('cookie'),
  );
  if (decision.kind === 'redirect') {
    // Relative to the request's own host, so every variant keeps its host.
    return NextResponse.redirect(new URL(decision.location, url), 307);
  }
  const target = new URL(decision.path, url);
  return NextResponse.rewrite(target, decision.kind === 'notFound' ? { status: 404 } : undefined);
}

export const config = {
  // Everything but the backend, Next's own files, the static artwork in public/ and the page requests the host
  // lane has already routed to their site (lib/server/lanes/host-lane.ts; a client cannot send its header).
  matcher: [
    {
      source: '/((?!api/|modules/|_next/|covers/|avatars/|logos/|banners/|media/|icon\\.svg).*)',
      missing: [{ type: 'header', key: 'x-portal-routed' }],
    },
  ],
};
