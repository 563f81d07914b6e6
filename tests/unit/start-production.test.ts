/**
 * npm start never builds in production (scripts/start.mjs): a missing or stale build stops it with a message;
 * an up-to-date one lets it start.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BUILD = path.join(__dirname, '..', '..', 'scripts', 'lib', 'build.mjs');

function problemOf(root: string): string {
  const code = `import { productionBuildProblem } from ${JSON.stringify(BUILD)}; process.stdout.write(String(productionBuildProblem(${JSON.stringify(root)})));`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (res.status !== 0) throw new Error(res.stderr);
  return res.stdout;
}

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'portal-start-'));
  mkdirSync(path.join(root, 'app'));
  writeFileSync(path.join(root, 'app', 'page.tsx'), 'export default 1;\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('refuses a missing build', () => {
  expect(problemOf(root)).toContain(
    'npm start does not build in production: run `npm run build` first (no .next/BUILD_ID)',
  );
});

it('refuses a build older than the code, and accepts a current one', () => {
  mkdirSync(path.join(root, '.next'));
  const id = path.join(root, '.next', 'BUILD_ID');
  writeFileSync(id, 'x');
  const past = new Date(Date.now() - 60_000);
  utimesSync(id, past, past);
  expect(problemOf(root)).toContain('app changed since the last build');
  const now = new Date();
  utimesSync(id, now, now);
  const older = new Date(Date.now() - 120_000);
  utimesSync(path.join(root, 'app', 'page.tsx'), older, older);
  utimesSync(path.join(root, 'app'), older, older);
  expect(problemOf(root)).toBe('null');
});
