/**
 * The demo accounts that several spec files sign in (manager, teacher) are each one person: a newer sign-in ends
 * the older session (SPEC 4.1), so two workers using one at the same moment break each other's test. A file that
 * signs one in calls `takeTurns(test, [...])`: each of its tests holds the accounts (a lock directory per account,
 * shared by the workers of one run) from its start to its end.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestType } from '@playwright/test';

/** A lock older than this was left by a run that died; it is taken over. */
const STALE_MS = 5 * 60_000;
const lockDir = (account: string) =>
  path.join(os.tmpdir(), `portal-e2e-${process.env.E2E_PORT || 3100}-${process.env.E2E_RUN || 'run'}-${account}`);

async function take(account: string): Promise<void> {
  const dir = lockDir(account);
  for (;;) {
    try {
      mkdirSync(dir);
      return;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any test type with any fixtures
export function takeTurns(test: TestType<any, any>, accounts: ('manager' | 'teacher')[]): void {
  // Always in the same order, so two files holding one each never wait for each other.
  const ordered = [...accounts].sort();
  test.beforeEach(async ({}, testInfo) => {
    const since = Date.now();
    for (const a of ordered) await take(a);
    // The wait is not the test's own time.
    testInfo.setTimeout(testInfo.timeout + (Date.now() - since));
  });
  test.afterEach(async () => {
    for (const a of ordered) rmSync(lockDir(a), { recursive: true, force: true });
  });
}
