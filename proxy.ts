/**
 * Next.js 16's middleware (the file older Next.js called middleware.ts). It maps the Host to a
 * variant and rewrites the request under app/[variant]/..., so public pages are cached per variant;
 * it applies the SPEC 2.1 redirects, the variant's route set and the login guards of SPEC 2.3.
 * The decision itself is lib/variants/decide.ts.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { TOKEN_STORAGE_KEY } from '@/lib/constants';
import { IDENTITY_COOKIE, verifyIdentity } from '@/lib/identity';
import { decide } from '@/lib/variants/decide';

export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const hasSession = !!request.cookies.get(TOKEN_STORAGE_KEY)?.value;
  const decision = decide({
    host: request.headers.get('host') ?? url.host,
    pathname: url.pathname,
    search: url.search,
    hasSession,
    identity: hasSession ? verifyIdentity(request.cookies.get(IDENTITY_COOKIE)?.value) : null,
  });
  if (decision.kind === 'redirect') {
    // Relative to the request's own host, so every variant keeps its host.
    return NextResponse.redirect(new URL(decision.location, url), 307);
  }
  const target = new URL(decision.path, url);
  return NextResponse.rewrite(target, decision.kind === 'notFound' ? { status: 404 } : undefined);
}

export const config = {
  // Everything but the backend, Next's own files and the static artwork in public/.
  matcher: ['/((?!api/|modules/|_next/|covers/|avatars/|logos/|banners/|media/|favicon\\.ico|icon\\.svg).*)'],
};
