import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Headers of every response; lib/server/lanes/direct-lane.ts adds them to the requests it serves without Next.js.
const SECURITY_HEADERS = require('./lib/security-headers.json');
// npm start gives node this file with --require; loaded here too for a `next start` run without it (see the file).
require('./scripts/lib/preload.cjs');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The container image (Dockerfile) runs Next.js's standalone server; only its build asks for it, since
  // `next start` (npm start, the tests, the cluster) warns about a standalone build on every start.
  ...(process.env.NEXT_OUTPUT === 'standalone' ? { output: 'standalone' } : {}),
  poweredByHeader: false,
  // The benchmark's pages (app/[variant]/**/bench/*/page.bench.tsx) are built only when asked: the scripts' builds
  // (scripts/lib/build.mjs: tests, bench, the demo) ask, `npm run build` does not, so a production build has no such
  // route at all. Where built, they are still served only with PORTAL_TEST_HOOKS=1 (lib/variants/decide.ts).
  pageExtensions: ['tsx', 'ts', 'jsx', 'js', ...(process.env.PORTAL_BENCH_PAGES === '1' ? ['bench.tsx'] : [])],
  // Next.js hashes every cached page's whole HTML on each request to make its ETag (a JS loop over ~80 KB:
  // 14% of a cached page's CPU, measured with --cpu-prof under npm run bench). Pages are revalidated every
  // two minutes (PUBLIC_PAGE_REVALIDATE_S) and navigation inside the portal fetches RSC payloads, so the 304s
  // it buys are few: off.
  generateEtags: false,
  // Rendered pages are cached in this process's memory only (lib/server/page-cache/handler.cjs), never on disk: a
  // cached page belongs to the database it was rendered from, and servers sharing one build (the bench's 1x and
  // 10x catalogues, tests, a re-seeded ./data) must not serve each other's pages. The handler keeps each tag's
  // expiry where an invalidation broadcast by another instance reaches it (lib/server/cache).
  cacheHandler: require.resolve('./lib/server/page-cache/handler.cjs'),
  experimental: { isrFlushToDisk: false },
  // PGlite ships 15 MB of WebAssembly: keep it out of the bundles (MACHINE-NOTES).
  // pino and prom-client: one copy per process, loaded by Node (their registries and streams are process-wide).
  // pdfkit reads its font metrics from files beside its own code, which a bundle would move.
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'nodemailer',
    'svg-captcha',
    'pino',
    'prom-client',
    'pg-boss',
    'exceljs',
    'pdfkit',
  ],
  // The SPEC 2.1 redirects live in proxy.ts, where the variant's route set is known
  // (the student host sends `/` to /course/index, the others to /home).
  async headers() {
    // What a page may load: everything from its own origin. Scripts and styles also inline, because Next.js
    // inlines its RSC payload and bootstrap (a nonce would make every cached page dynamic); dev mode's React
    // needs eval. No form-action: signing in at the passport is a form whose answer redirects off-site.
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : ''}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      // WeChat's QR login page (type 17) is framed as its wxLogin.js frames it; WECHAT_OPEN_URL as set at build time.
      `frame-src 'self' ${wechatFrameOrigins().join(' ')}`,
    ].join('; ');
    // Uploaded files and media carry their own, stricter policy (a sandbox); the JSON API needs none.
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/((?!api/|modules/|media/).*)', headers: [{ key: 'Content-Security-Policy', value: csp }] },
    ];
  },
};

/** Origins of WeChat's QR page: WeChat's own, and WECHAT_OPEN_URL's when it is set where the build runs. */
function wechatFrameOrigins() {
  const origins = new Set(['https://open.weixin.qq.com']);
  try {
    if (process.env.WECHAT_OPEN_URL) origins.add(new URL(process.env.WECHAT_OPEN_URL).origin);
  } catch {
    /* a wrong value is reported by the server's configuration check */
  }
  return [...origins];
}

export default nextConfig;
