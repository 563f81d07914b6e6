#!/usr/bin/env node
/**
 * The web server of the end-to-end tests (playwright.config.ts `webServer`): `next start` on port 3100
 * (E2E_PORT to change) with a fresh DATA_DIR (data/e2e-<stamp>-<pid>), so every run starts from the
 * seeded database. Prints "[serve-test] ready" once the server has answered (the database is seeded by then);
 * on SIGTERM/SIGINT it stops the server and deletes the folder.
 */
import { buildIfNeeded } from './lib/build.mjs';
import { freshDataDir, portInUse, removeDataDir, startServer, stopServer } from './lib/server.mjs';
import { startPassport } from './passport.mjs';
import { nginxRtmpAvailable, startNginxRtmp } from './lib/nginx-rtmp.mjs';
import path from 'node:path';

const port = Number(process.env.E2E_PORT || 3100);
const dataDir = freshDataDir('e2e');
let server;
let passport;
let ingest;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (server) await stopServer(server.child);
  await passport?.close();
  await ingest?.stop();
  removeDataDir(dataDir);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));

try {
  // What Playwright's reuseExistingServer: false would check: never test against some other server.
  if (await portInUse(port)) throw new Error(`port ${port} is already in use: stop what runs there first`);
  await buildIfNeeded({ log: (m) => console.log(`[serve-test] ${m}`) });
  // The local passport (single sign-on, scripts/passport.mjs) on port + 8, for the passport round trips;
  // its link prompt after password logins is off so other specs' logins are not interrupted, and so is
  // the automatic post-station prompt (STATION_PROMPT=0; e2e/common/accounts-flows.spec.ts turns it on in its page).
  passport = await startPassport({ port: port + 8, portalPorts: [port], quiet: true });
  const sso = { ...passport.env, PASSPORT_REDIRECT_URI: undefined, PASSPORT_LINK_PROMPT: '0', STATION_PROMPT: '0' };
  // A database server URL would not start from the seed: the end-to-end run always uses a fresh PGlite.
  // The assistant talks to a stand-in chat-completions server that the spaces specs start on port + 7.
  const llm = process.env.LLM_BASE_URL ?? `http://127.0.0.1:${port + 7}/v1`;
  // The live ingest (nginx-rtmp, e2e/common/live-stream.spec.ts): RTMP on LIVE_TEST_RTMP_PORT (1935), its HLS on
  // LIVE_TEST_HTTP_PORT (port + 1); the portal relays that HLS and packages its recordings. Without nginx's RTMP
  // module the live spec is skipped and says why.
  const recordDir = path.join(dataDir, 'live-record');
  let live = {};
  if (nginxRtmpAvailable()) {
    ingest = await startNginxRtmp({
      dir: path.join(dataDir, 'ingest'),
      rtmpPort: Number(process.env.LIVE_TEST_RTMP_PORT || 1935),
      httpPort: Number(process.env.LIVE_TEST_HTTP_PORT || port + 1),
      portalUrl: `http://127.0.0.1:${port}`,
      recordDir,
    });
    live = {
      LIVE_RTMP_URL: ingest.rtmpUrl,
      LIVE_HLS_UPSTREAM: ingest.hlsUpstream,
      LIVE_CONTROL_URL: ingest.controlUrl,
      LIVE_RECORD_DIR: recordDir,
    };
    console.log(`[serve-test] live ingest at ${ingest.rtmpUrl} (pid ${ingest.pid})`);
  }
  server = await startServer({
    port,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      PORTAL_TEST_HOOKS: '1',
      RATE_LIMITS: 'off',
      LLM_BASE_URL: llm,
      MANUAL_RETRIEVAL_EMAIL: 'elearning-support@example.org',
      MANUAL_RETRIEVAL_PHONE: '010-6860 0000（工作日 9:00-17:00）',
      MANUAL_RETRIEVAL_GROUPS: '学员QQ群一=612345678,学员QQ群二=734567890',
      ...sso,
      ...live,
    },
    waitPath: '/home',
    waitHost: 'localhost',
  });
  console.log(`[serve-test] ready on port ${port} (pid ${server.pid}, DATA_DIR=${dataDir})`);
  server.child.on('exit', (code) => {
    if (!stopping) {
      console.error(`[serve-test] next start exited (${code})`);
      shutdown(1);
    }
  });
} catch (err) {
  console.error(`[serve-test] ${err.message}`);
  await shutdown(1);
}
