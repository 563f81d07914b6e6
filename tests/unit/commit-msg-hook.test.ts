/** The commit-msg hook (.githooks/commit-msg) refuses subjects over 72 characters and lets the rest through. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const hook = path.join(process.cwd(), '.githooks', 'commit-msg');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'commit-msg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runHook(message: string) {
  const file = path.join(dir, 'COMMIT_EDITMSG');
  writeFileSync(file, message);
  return spawnSync('sh', [hook, file], { encoding: 'utf8' });
}

test('a subject of 72 characters with a long body passes', () => {
  const result = runHook(`${'a'.repeat(72)}\n\n${'The reason, in a body line longer than the subject. '.repeat(4)}\n`);
  expect(result.status).toBe(0);
  expect(result.stderr).toBe('');
});

test('a subject of 73 characters is refused with its length', () => {
  const result = runHook(`${'a'.repeat(73)}\n\nbody\n`);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('the subject is 73 characters; at most 72 are allowed');
});

test('characters are counted, not bytes: 72 Chinese characters pass, 73 do not', () => {
  expect(runHook(`${'学'.repeat(72)}\n`).status).toBe(0);
  expect(runHook(`${'学'.repeat(73)}\n`).status).toBe(1);
});

test("git's comment lines before the subject are not the subject", () => {
  const result = runHook(`# Please enter the commit message${'.'.repeat(80)}\nShort subject\n`);
  expect(result.status).toBe(0);
});
