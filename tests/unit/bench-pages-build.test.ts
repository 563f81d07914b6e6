/**
 * The benchmark's pages (/bench/*) are test hooks, not part of the product: `npm run build` (the production build)
 * leaves them out, the scripts' builds (tests, bench) put them in and rebuild a production build that lacks them.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const BUILD = path.join(ROOT, 'scripts', 'lib', 'build.mjs');

function node(code: string, env: Record<string, string> = {}): string {
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '', PORTAL_BENCH_PAGES: '', ...env },
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout;
}

const pageExtensions = (env: Record<string, string> = {}) =>
  JSON.parse(node(`import c from './next.config.mjs'; process.stdout.write(JSON.stringify(c.pageExtensions));`, env));

test('a production build does not take page.bench.tsx files as pages; a build with PORTAL_BENCH_PAGES=1 does', () => {
  expect(pageExtensions()).not.toContain('bench.tsx');
  expect(pageExtensions({ PORTAL_BENCH_PAGES: '1' })).toContain('bench.tsx');
});

test('every page under a bench folder is a page.bench.tsx', () => {
  const files = (readdirSync(path.join(ROOT, 'app'), { recursive: true }) as string[]).filter((f) =>
    f.split(path.sep).includes('bench'),
  );
  const pages = files.filter((f) => /(^|[/\\])page\.[^/\\]+$/.test(f));
  expect(pages.length).toBe(3);
  expect(pages.filter((f) => !f.endsWith('page.bench.tsx'))).toEqual([]);
});

describe('buildReason', () => {
  let root: string;
  const reason = (benchPages: boolean) =>
    node(
      `import { buildReason } from ${JSON.stringify(BUILD)}; process.stdout.write(String(buildReason(${JSON.stringify(root)}, { benchPages: ${benchPages} })));`,
    );
  const manifest = (pages: string[]) =>
    writeFileSync(
      path.join(root, '.next', 'app-path-routes-manifest.json'),
      JSON.stringify(Object.fromEntries(pages.map((p) => [p, p.replace(/\/page$/, '')]))),
    );

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'portal-bench-build-'));
    mkdirSync(path.join(root, '.next'));
    writeFileSync(path.join(root, '.next', 'BUILD_ID'), 'x');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test('a production build is stale for the tests and the bench, current for npm start', () => {
    manifest(['/[variant]/(portal)/home/page']);
    expect(reason(true)).toBe('the build has no benchmark pages (a production build)');
    expect(reason(false)).toBe('null');
  });

  test('a build with the benchmark pages is current for both', () => {
    manifest(['/[variant]/(portal)/home/page', '/[variant]/(bare)/bench/baseline/page']);
    expect(reason(true)).toBe('null');
    expect(reason(false)).toBe('null');
  });
});
