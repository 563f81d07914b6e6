#!/usr/bin/env node
/**
 * npm test: everything, in order, without a terminal; exits 1 on any failure.
 *   1. tsc --noEmit
 *   2. eslint --max-warnings=0 ., then prettier --check . (the formatter, `npm run format`)
 *   3. Jest (unit + integration) on PGlite in memory (DATA_DIR=memory), then the upload and media suites on the S3
 *      store (jest.s3.config.mjs: s3rver on loopback)
 *   4. the integration tests again on PostgreSQL when TEST_DATABASE_URL is set (runInBand), then the cluster suite
 *      (tests/cluster: nginx in front of three instances on a database of its own, jest.cluster.config.mjs)
 *   5. the end-to-end tests (scripts/e2e.mjs: Chromium, next build when needed, Playwright)
 * Ends with one line `N passed, M failed[, K skipped]`: the Jest and Playwright counts, where a step that
 * fails without a failing test to count (tsc, eslint, a runner that could not start) counts as one failure.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runE2E } from './e2e.mjs';
import { ROOT, run, seconds } from './lib/proc.mjs';

const RESULTS = path.join(ROOT, 'test-results');
mkdirSync(RESULTS, { recursive: true });

const steps = [];
const node = (script, args) => run(process.execPath, [path.join(ROOT, script), ...args]);

async function step(name, fn) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  let result;
  try {
    result = await fn();
  } catch (err) {
    console.error(`[test] ${name}: ${err.stack || err.message}`);
    result = { code: 1 };
  }
  const counts = { passed: result.passed || 0, failed: result.failed || 0, skipped: result.skipped || 0 };
  // A failure with no failing test to show for it still counts once.
  if (result.code !== 0 && counts.failed === 0) counts.failed = 1;
  const entry = {
    name,
    ok: result.code === 0 && counts.failed === 0,
    ms: Date.now() - started,
    counts,
    counted: Boolean(result.counted),
  };
  steps.push(entry);
  return entry;
}

function jestEnv(extra) {
  const env = { ...process.env, ...extra };
  env.NODE_OPTIONS = [process.env.NODE_OPTIONS, '--experimental-vm-modules'].filter(Boolean).join(' ');
  for (const [k, v] of Object.entries(extra)) if (v === undefined) delete env[k];
  return env;
}

async function jest(outFile, args, env) {
  const file = path.join(RESULTS, outFile);
  rmSync(file, { force: true });
  const code = await run(
    process.execPath,
    [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--json', `--outputFile=${file}`, '--passWithNoTests', ...args],
    { env },
  );
  if (!existsSync(file)) return { code: code || 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    code,
    counted: true,
    passed: r.numPassedTests || 0,
    // Suites that could not run (syntax error, failing import) have no failed test of their own.
    failed: (r.numFailedTests || 0) + (r.numRuntimeErrorTestSuites || 0),
    skipped: (r.numPendingTests || 0) + (r.numTodoTests || 0),
  };
}

await step('tsc --noEmit', async () => ({ code: await node('node_modules/typescript/bin/tsc', ['--noEmit']) }));
await step('eslint --max-warnings=0 .', async () => ({
  code: await node('node_modules/eslint/bin/eslint.js', ['--max-warnings=0', '.']),
}));
await step('prettier --check .', async () => ({
  code: await node('node_modules/prettier/bin/prettier.cjs', ['--check', '--log-level=warn', '.']),
}));
await step('jest (PGlite, DATA_DIR=memory)', () =>
  jest('jest.json', [], jestEnv({ DATA_DIR: 'memory', DATABASE_URL: undefined, STORAGE_URL: undefined })),
);
// The upload and media suites again on the S3 store (s3rver on loopback, started by jest.s3.config.mjs's setup).
await step('jest upload suites (S3 store: s3rver, STORAGE_URL)', () =>
  jest('jest-s3.json', ['--config', 'jest.s3.config.mjs'], jestEnv({ DATA_DIR: 'memory', DATABASE_URL: undefined })),
);

if (process.env.TEST_DATABASE_URL) {
  await step('jest tests/integration (PostgreSQL, TEST_DATABASE_URL)', () =>
    jest(
      'jest-postgres.json',
      ['--runInBand', 'tests/integration'],
      jestEnv({ DATA_DIR: 'memory', DATABASE_URL: process.env.TEST_DATABASE_URL }),
    ),
  );
  // The cluster suite (tests/cluster): PostgreSQL, three instances and nginx (scripts/cluster.mjs), shared build.
  await step('jest tests/cluster (nginx, 3 instances, PostgreSQL)', () =>
    jest(
      'jest-cluster.json',
      ['--config', 'jest.cluster.config.mjs', '--runInBand', '--forceExit'],
      jestEnv({ DATABASE_URL: undefined, DATA_DIR: undefined }),
    ),
  );
} else {
  console.log(
    '\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only, and the cluster suite did not run',
  );
}

await step('end-to-end (Playwright, Chromium)', async () => ({ ...(await runE2E()), counted: true }));

const total = { passed: 0, failed: 0, skipped: 0 };
console.log('\n=== summary');
for (const s of steps) {
  for (const k of Object.keys(total)) total[k] += s.counts[k];
  const detail = s.counted
    ? `${s.counts.passed} passed, ${s.counts.failed} failed${s.counts.skipped ? `, ${s.counts.skipped} skipped` : ''}`
    : '';
  console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name.padEnd(56)} ${seconds(s.ms).padStart(8)}  ${detail}`);
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
