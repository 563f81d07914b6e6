/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Next.js hashes every cached page's whole HTML on each request to make its ETag (a JS loop over ~80 KB:
  // 14% of a cached page's CPU, measured with --cpu-prof under npm run bench). Pages are revalidated every
  // two minutes (PUBLIC_PAGE_REVALIDATE_S) and navigation inside the portal fetches RSC payloads, so the 304s
  // it buys are few: off.
  generateEtags: false,
  // PGlite ships 15 MB of WebAssembly: keep it out of the bundles (MACHINE-NOTES).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'nodemailer'],
  // The SPEC 2.1 redirects live in proxy.ts, where the variant's route set is known
  // (the student host sends `/` to /course/index, the others to /home).
  async headers() {
    const security = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
    ];
    return [{ source: '/:path*', headers: security }];
  },
};

export default nextConfig;
