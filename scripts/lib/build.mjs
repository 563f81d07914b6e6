/**
 * Build-if-needed, shared by start, e2e, serve-test, bench and lighthouse.
 * A build is needed when .next/BUILD_ID is missing or any source the build reads is newer than it, or when it lacks
 * the benchmark's pages (a production build made by `npm run build` has none; next.config.mjs PORTAL_BENCH_PAGES).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, run } from './proc.mjs';

/** Folders and files whose changes make the build stale (relative to the project root). */
export const BUILD_INPUTS = [
  'app',
  'components',
  'lib',
  'styles',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'package.json',
  'postcss.config.mjs',
  'tsconfig.json',
];

const SKIP_DIRS = new Set(['node_modules', '.git', '.next']);

/** Newest modification time (ms) of a file, or of any file under a folder; 0 when absent. */
function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted file changes its folder's mtime
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

/** Whether the build in .next has the benchmark's pages (/bench/*), which the tests and the bench open. */
export function hasBenchPages(root = ROOT) {
  try {
    const routes = JSON.parse(readFileSync(path.join(root, '.next', 'app-path-routes-manifest.json'), 'utf8'));
    return Object.keys(routes).some((page) => page.endsWith('/bench/baseline/page'));
  } catch {
    return false;
  }
}

/**
 * Why a build is needed, or null when .next is up to date. `benchPages`: the caller opens /bench/* (tests, bench), so
 * a build without them (a production build) is not enough.
 */
export function buildReason(root = ROOT, { benchPages = false } = {}) {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId)) return 'no .next/BUILD_ID';
  const built = statSync(buildId).mtimeMs;
  for (const input of BUILD_INPUTS) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  if (benchPages && !hasBenchPages(root)) return 'the build has no benchmark pages (a production build)';
  return null;
}

/**
 * What stops `npm start` with NODE_ENV=production (it never builds there): the bilingual message when the build is
 * missing or older than the code, else null.
 */
export function productionBuildProblem(root = ROOT) {
  const reason = buildReason(root);
  if (!reason) return null;
  return `NODE_ENV=production: npm start 不会构建，请先运行 npm run build / npm start does not build in production: run \`npm run build\` first (${reason})`;
}

/**
 * Runs `next build` when needed, with the benchmark's pages (PORTAL_BENCH_PAGES=1): its builds serve the tests, the
 * bench and the demo. Resolves when done; rejects when the build fails. Set FORCE_BUILD=1 to build anyway.
 * `benchPages: false` (npm start) accepts a production build too.
 */
export async function buildIfNeeded({ root = ROOT, log = console.log, benchPages = true } = {}) {
  const reason = process.env.FORCE_BUILD === '1' ? 'FORCE_BUILD=1' : buildReason(root, { benchPages });
  if (!reason) {
    log('[build] .next is up to date');
    return false;
  }
  log(`[build] next build (${reason})`);
  const started = Date.now();
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
    PORTAL_BENCH_PAGES: '1',
  };
  const code = await run(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: root,
    env,
  });
  if (code !== 0) throw new Error(`next build failed (exit ${code})`);
  log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
