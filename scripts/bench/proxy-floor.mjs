/**
 * What a proxy (Next.js 16's middleware) costs a cached page on this machine: `node scripts/bench/proxy-floor.mjs`.
 * A throwaway Next.js app of one static page, built in a temporary folder (the portal's node_modules linked in),
 * served by `next start` and measured with autocannon at 32 connections, in rounds:
 *   - `/p`: the page, its request passing through a proxy that lets it by (NextResponse.next());
 *   - `/q`: the page under a path segment, reached by a proxy's rewrite (what the portal's proxy.ts does);
 *   - `/r`: the same page, reached by a rewrite of next.config.mjs with a host condition, no proxy.
 * Prints req/s and p99 of each; compare with the static baseline of `npm run bench`, which goes through the
 * portal's proxy like every page.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, run } from '../lib/proc.mjs';
import { stopServer, waitForServer } from '../lib/server.mjs';

const PORT = Number(process.env.PROXY_FLOOR_PORT || 3278);
const ROUNDS = Number(process.env.PROXY_FLOOR_ROUNDS || 3);
const SECONDS = Number(process.env.BENCH_DURATION || 8);

const dir = mkdtempSync(path.join(os.tmpdir(), 'proxy-floor-'));
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
};
const page = `export default function Page() { return <main><h1>静态页面</h1><p>baseline</p></main>; }\n`;
write('package.json', '{"name":"proxy-floor","private":true}\n');
write(
  'tsconfig.json',
  JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'esnext'],
      jsx: 'react-jsx',
      module: 'esnext',
      moduleResolution: 'bundler',
      strict: true,
      skipLibCheck: true,
      noEmit: true,
      isolatedModules: true,
      plugins: [{ name: 'next' }],
    },
    include: ['**/*.ts', '**/*.tsx'],
  }),
);
write(
  'app/layout.tsx',
  'export default function Layout({ children }: { children: React.ReactNode }) { return <html lang="zh"><body>{children}</body></html>; }\n',
);
write('app/p/page.tsx', page);
write(
  'app/[v]/q/page.tsx',
  `export function generateStaticParams() { return [{ v: 'main' }]; }\nexport const dynamicParams = false;\n${page}`,
);
write(
  'proxy.ts',
  `import { NextResponse, type NextRequest } from 'next/server';
export function proxy(request: NextRequest) {
  if (request.nextUrl.pathname === '/q') return NextResponse.rewrite(new URL('/main/q', request.nextUrl));
  return NextResponse.next();
}
export const config = { matcher: ['/((?!_next/|r$).*)'] };
`,
);
write(
  'next.config.mjs',
  `export default { async rewrites() { return { beforeFiles: [{ source: '/r', has: [{ type: 'host', value: 'localhost' }], destination: '/main/q' }] }; } };\n`,
);
// Hard links: the same files as the portal's, without a copy (Turbopack refuses a symlink out of its root).
if ((await run('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules')])) !== 0)
  throw new Error('cannot link node_modules');

const NEXT = path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
let child;
try {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  if ((await run(process.execPath, [NEXT, 'build'], { cwd: dir, env, stdio: 'ignore' })) !== 0)
    throw new Error('next build failed');
  child = spawn(process.execPath, [NEXT, 'start', '-p', String(PORT)], { cwd: dir, env, stdio: 'ignore' });
  await waitForServer({ port: PORT, path: '/p', child });
  const rows = { p: [], q: [], r: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of Object.keys(rows)) {
      const url = `http://localhost:${PORT}/${key}`;
      await autocannon({ url, connections: 32, duration: 2 });
      const r = await autocannon({ url, connections: 32, duration: SECONDS });
      rows[key].push(`${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms`);
    }
  }
  const names = {
    p: 'through a proxy that lets it by',
    q: "through a proxy's rewrite (as proxy.ts)",
    r: 'a next.config rewrite, no proxy',
  };
  for (const [key, list] of Object.entries(rows)) console.log(`/${key} ${names[key].padEnd(40)} ${list.join(' | ')}`);
} finally {
  if (child) await stopServer(child);
  rmSync(dir, { recursive: true, force: true });
}
