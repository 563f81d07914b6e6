/**
 * docs/configuration.md and .env.example are generated from the configuration schema (npm run docs:config): they
 * must say what the schema says, every variable with its default, and .env.example must set nothing by itself.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEnvConfig } from '@next/env';
import { CONFIG_VARIABLES, configDescriptions } from '@/lib/server/config';
import { renderConfigurationDoc, renderEnvExample } from '@/scripts/lib/config-docs';

const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

test('docs/configuration.md is what npm run docs:config writes from the schema', () => {
  expect(read('docs/configuration.md')).toBe(renderConfigurationDoc());
});

test('.env.example is what npm run docs:config writes from the schema', () => {
  expect(read('.env.example')).toBe(renderEnvExample());
});

test('every variable of the schema is described', () => {
  const undescribed = Object.entries(configDescriptions())
    .filter(([, text]) => text.trim() === '')
    .map(([key]) => key);
  expect(undescribed).toEqual([]);
});

test('each variable is a row of the doc with its default, and a commented-out line of .env.example', () => {
  const doc = renderConfigurationDoc();
  const example = renderEnvExample();
  expect(doc).toContain('| `PORT` | `3000` |');
  expect(doc).toContain('| `RATE_LIMITS` | `on` |');
  expect(doc).toContain('| `METRICS_ALLOW` | `127.0.0.1,::1` |');
  expect(example).toContain('\n# PORT=3000\n');
  for (const key of CONFIG_VARIABLES) {
    expect(doc).toContain(`| \`${key}\` |`);
    expect(example).toMatch(new RegExp(`^# ${key}=`, 'm'));
  }
  // Nothing in it takes effect if something did read it: every line is a comment or blank.
  expect(example.split('\n').filter((line) => line !== '' && !line.startsWith('#'))).toEqual([]);
});

test('.env.example is committed, not ignored by git', () => {
  const result = spawnSync('git', ['check-ignore', '--no-index', '-q', '.env.example'], { cwd: process.cwd() });
  // 1: not ignored; 0: ignored; 128: not a git checkout (an unpacked copy), where there is nothing to check.
  expect(result.status === 128 ? 1 : result.status).toBe(1);
});

test("Next.js's env loader does not read .env.example", () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'env-example-'));
  try {
    copyFileSync(path.join(process.cwd(), '.env.example'), path.join(dir, '.env.example'));
    const quiet = { info: () => {}, error: () => {} };
    expect(loadEnvConfig(dir, true, quiet, true).loadedEnvFiles).toEqual([]);
    expect(loadEnvConfig(dir, false, quiet, true).loadedEnvFiles).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
