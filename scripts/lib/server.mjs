/**
 * Starting `next start` on a port with its own environment, waiting until it answers, stopping it by PID,
 * and the throw-away data folders (data/<prefix>-<stamp>-<pid>) that give each run a freshly seeded database.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { ROOT, stamp } from './proc.mjs';

const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');

/**
 * One HTTP request from Node. `host` sets the Host header (Node cannot resolve *.localhost itself,
 * so requests go to 127.0.0.1 with the variant's host name in the header).
 * Resolves { status, headers, body }.
 */
export function httpRequest({
  port,
  path: urlPath = '/',
  host,
  method = 'GET',
  headers = {},
  body,
  timeoutMs = 30000,
  hostname = '127.0.0.1',
}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const h = { ...headers };
    if (host) h.host = `${host}:${port}`;
    if (payload !== undefined) h['content-length'] = Buffer.byteLength(payload);
    const req = http.request({ hostname, port, path: urlPath, method, headers: h, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** True when something accepts connections on the port (IPv4 or IPv6 loopback). */
export async function portInUse(port) {
  const probe = (host) =>
    new Promise((resolve) => {
      const socket = net.connect({ port, host });
      socket.setTimeout(1000);
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('timeout', () => (socket.destroy(), resolve(false)));
      socket.once('error', () => resolve(false));
    });
  const [v4, v6] = await Promise.all([probe('127.0.0.1'), probe('::1')]);
  return v4 || v6;
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Removes data/<prefix>-*-<pid> folders left behind by runs whose process is gone. */
export function cleanStaleDataDirs(prefix) {
  const dataRoot = path.join(ROOT, 'data');
  if (!existsSync(dataRoot)) return;
  for (const name of readdirSync(dataRoot)) {
    const m = name.match(new RegExp(`^${prefix}-.*-(\\d+)$`));
    if (m && !alive(Number(m[1]))) rmSync(path.join(dataRoot, name), { recursive: true, force: true });
  }
}

/** A new, empty data folder path for this process: data/<prefix>-<stamp>-<pid> (created by the server on first use). */
export function freshDataDir(prefix) {
  cleanStaleDataDirs(prefix);
  return path.join(ROOT, 'data', `${prefix}-${stamp()}-${process.pid}`);
}

export function removeDataDir(dir) {
  if (dir && dir.startsWith(path.join(ROOT, 'data') + path.sep)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A measuring script's server and its fresh DATA_DIR (named after `prefix`): `hold(server)` registers the server
 * started on it; `cleanup()` stops that server and removes the folder, and runs on Ctrl-C or SIGTERM too.
 */
export function scratchRun(prefix) {
  const dataDir = freshDataDir(prefix);
  let server;
  const cleanup = async () => {
    if (server) await stopServer(server.child);
    server = undefined;
    removeDataDir(dataDir);
  };
  const onSignal = async () => {
    await cleanup();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return { dataDir, hold: (s) => (server = s), cleanup };
}

/**
 * Waits until the server on `port` answers an HTTP request (any status) at `path`.
 * Fails early when `child` exits. The first answer may take a few seconds: the database is
 * created, migrated and seeded on first use.
 */
export async function waitForServer({ port, path: urlPath = '/', host, child, timeoutMs = 120000 }) {
  const deadline = Date.now() + timeoutMs;
  let exited = null;
  const onExit = (code, signal) => (exited = signal || `exit ${code}`);
  child?.once('exit', onExit);
  try {
    for (;;) {
      if (exited) throw new Error(`the server stopped before it answered (${exited})`);
      try {
        const res = await httpRequest({ port, path: urlPath, host, timeoutMs: Math.max(1000, deadline - Date.now()) });
        return res;
      } catch (err) {
        if (Date.now() > deadline)
          throw new Error(`no answer from port ${port} within ${timeoutMs / 1000} s (${err.message})`);
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    child?.off('exit', onExit);
  }
}

/**
 * Starts `next start -p <port>` as one child process (stdio inherited unless told otherwise), with
 * `env` added to this process's environment (a key set to undefined is removed) and `nodeArgs` given to node
 * (e.g. --cpu-prof, which NODE_OPTIONS refuses), and waits until it answers.
 * Returns { child, pid, port, stop }.
 */
export async function startServer({
  port,
  hostname,
  env = {},
  stdio = 'inherit',
  waitPath = '/',
  waitHost,
  timeoutMs,
  nodeArgs = [],
} = {}) {
  // PORT too, so the portal's canonical URLs (lib/variants siteOrigin) name the port it serves on.
  // SEED=demo: the measuring and test servers sign in as the demo accounts; a server never seeds unless asked.
  // LOG_LEVEL=warn: their output is the scripts' own, not one JSON line per request.
  const childEnv = {
    SEED: 'demo',
    LOG_LEVEL: 'warn',
    ...process.env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1',
  };
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete childEnv[k];
    else childEnv[k] = String(v);
  }
  const args = [
    ...nodeArgs,
    '--require',
    path.join(ROOT, 'scripts/lib/preload.cjs'),
    NEXT_BIN,
    'start',
    '-p',
    String(port),
  ];
  if (hostname) args.push('-H', hostname);
  const child = spawn(process.execPath, args, { cwd: ROOT, env: childEnv, stdio });
  const server = { child, pid: child.pid, port, stop: () => stopServer(child) };
  try {
    await waitForServer({ port, path: waitPath, host: waitHost, child, timeoutMs });
  } catch (err) {
    await stopServer(child);
    throw err;
  }
  return server;
}

/**
 * Stops a server started by startServer (a ChildProcess, or a PID): SIGTERM, then SIGKILL
 * after `graceMs`. Resolves once it is gone.
 */
export async function stopServer(target, { graceMs = 5000 } = {}) {
  const pid = typeof target === 'number' ? target : target?.pid;
  if (!pid) return;
  const child = typeof target === 'number' ? null : target;
  if (child && (child.exitCode !== null || child.signalCode !== null)) return;
  if (!alive(pid)) return;
  const gone = child
    ? new Promise((r) => child.once('exit', r))
    : (async () => {
        while (alive(pid)) await new Promise((r) => setTimeout(r, 100));
      })();
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = new Promise((r) => setTimeout(r, graceMs, 'timeout'));
  if ((await Promise.race([gone, timer])) === 'timeout') {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await Promise.race([gone, new Promise((r) => setTimeout(r, 2000))]);
  }
}
