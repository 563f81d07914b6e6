import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (/usr/bin/chromium; Playwright cannot download its own browser here)
 * against `next start` on port 3100, started by scripts/serve-test.mjs with a fresh, seeded DATA_DIR.
 * One project per host variant; each runs its own folder plus e2e/common.
 * Run through `npm run test:e2e` (installs Chromium when missing, builds when needed).
 */
const PORT = Number(process.env.E2E_PORT || 3100);
// One value per run, inherited by the workers: the demo accounts' turn locks of this run (e2e/support/demo-accounts.ts).
process.env.E2E_RUN ??= String(Date.now());
const CI = Boolean(process.env.CI);

const variant = (name: 'main' | 'party' | 'student', host: string) => ({
  name,
  testMatch: new RegExp(`[\\\\/]e2e[\\\\/](${name}|common)[\\\\/].+\\.spec\\.ts$`),
  use: { baseURL: `http://${host}:${PORT}` },
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [variant('main', 'localhost'), variant('party', 'party.localhost'), variant('student', 'stu.localhost')],
  webServer: {
    // Port PORT (E2E_PORT). No `port`/`url` here on purpose: Playwright would start the tests as soon as the
    // port opens, while the first request still creates and seeds the database. serve-test.mjs prints
    // "ready" once /home has answered, and refuses to start when the port is already in use.
    command: 'node scripts/serve-test.mjs',
    reuseExistingServer: false,
    // Builds when needed, then seeds a fresh database before "ready".
    timeout: 240_000,
    wait: { stdout: /\[serve-test\] ready/ },
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
