#!/usr/bin/env node
/**
 * npm run cluster: the deployment of deploy/ as processes on this machine (docs/design.md §6). PostgreSQL (a fresh database
 * of its own, seeded with the demo data), an S3 store (s3rver: no MinIO binary is reachable here), 3 portal
 * instances (`next start`, one shared build, SESSION_SECRET and STORAGE_URL) and nginx in front, from deploy/nginx.conf with this run's ports and folders under a temporary
 * folder, as a foreground process. Prints the URL; Ctrl-C stops everything and drops the database.
 *
 * Installs nothing but Debian's nginx (apt-get, as root) when it is missing, as .ci/run does for its packages.
 * The tests (tests/cluster) and the figures (scripts/bench/cluster.mjs) start the same cluster with startCluster().
 *
 * CLUSTER_PORT (nginx, default 3080; instances on the next ports), CLUSTER_INSTANCES (3), CLUSTER_DB
 * (portal_cluster), PORTAL_TEST_HOOKS=1 to pass the test hooks on (never in production).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { aptInstall, isMain, ROOT } from './lib/proc.mjs';
import { startS3rver } from './lib/s3rver.mjs';
import { portInUse, stopServer, waitForServer } from './lib/server.mjs';

const NEXT_BIN = path.join(ROOT, 'node_modules/next/dist/bin/next');
const NGINX = '/usr/sbin/nginx';
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Debian's nginx, installed with apt-get when missing (as root only). */
export async function ensureNginx(log = console.log) {
  if (existsSync(NGINX)) return NGINX;
  if (!isRoot()) throw new Error(`${NGINX} is missing; install it as root: apt-get install -y nginx`);
  log('[cluster] installing nginx with apt-get');
  if (!(await aptInstall(['nginx'])) || !existsSync(NGINX)) throw new Error('could not install nginx with apt-get');
  // Debian starts a system nginx on port 80 after installing it; the cluster runs its own.
  spawnSync('systemctl', ['disable', '--now', 'nginx'], { stdio: 'ignore' });
  return NGINX;
}

/**
 * A fresh database for the cluster and its URL. As root: the machine's PostgreSQL cluster is started when it is
 * not running and reached through `su postgres` (as .ci/run does); otherwise the server of TEST_DATABASE_URL, whose
 * user must be allowed to create databases.
 */
function psqlAsPostgres(port, sqlText) {
  // The statement on standard input: no shell quoting of it.
  execFileSync('su', ['postgres', '-c', `cd / && psql -v ON_ERROR_STOP=1 -q -p ${Number(port)}`], {
    input: sqlText,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
}

export async function freshDatabase(name, log = console.log) {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  if (isRoot() && spawnSync('which', ['pg_lsclusters']).status === 0) {
    const clusters = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(/\s+/));
    const main = clusters.sort((a, b) => Number(b[0]) - Number(a[0]))[0];
    if (!main) throw new Error('no PostgreSQL cluster (pg_createcluster 15 main)');
    const [version, clusterName, port, status] = main;
    if (status !== 'online') {
      log(`[cluster] starting PostgreSQL ${version} ${clusterName}`);
      execFileSync('pg_ctlcluster', [version, clusterName, 'start'], { stdio: 'inherit' });
    }
    for (let i = 0; i < 30 && spawnSync('pg_isready', ['-q', '-h', '127.0.0.1', '-p', port]).status !== 0; i++)
      await new Promise((r) => setTimeout(r, 500));
    const user = name;
    const password = name;
    psqlAsPostgres(port, `SET client_min_messages = warning; DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    psqlAsPostgres(
      port,
      `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${user}') THEN CREATE ROLE ${user} LOGIN; END IF; END $$`,
    );
    psqlAsPostgres(port, `ALTER ROLE ${user} LOGIN PASSWORD '${password}'`);
    psqlAsPostgres(port, `CREATE DATABASE ${name} OWNER ${user}`);
    return {
      url: `postgres://${user}:${password}@127.0.0.1:${port}/${name}`,
      drop: () => psqlAsPostgres(port, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base)
    throw new Error(
      'run as root (PostgreSQL is managed with su postgres) or set TEST_DATABASE_URL to a server where its user may create databases',
    );
  const pg = (await import('pg')).default;
  const admin = new URL(base);
  admin.pathname = '/postgres';
  const run = async (text) => {
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * deploy/nginx.conf with this run's values: the lines marked `cluster:` are replaced (pid, logs, mime types, the
 * upstream's instances, the port, the static files and the uploads folder); everything else is the deployed file.
 */
export function clusterNginxConf({ port, instancePorts, dir, uploadDir, staticRoot, mediaSecret, segmentsFromPortal }) {
  const src = readFileSync(path.join(ROOT, 'deploy/nginx.conf'), 'utf8');
  let upstreamDone = false;
  const lines = [];
  for (const line of src.split('\n')) {
    const marker = /#\s*cluster:\s*(.+)$/.exec(line)?.[1].trim();
    const indent = /^\s*/.exec(line)[0];
    if (!marker) {
      lines.push(line);
      continue;
    }
    if (marker === 'pid') lines.push(`pid ${dir}/nginx.pid;`);
    else if (marker === 'error_log') lines.push(`error_log ${dir}/error.log warn;`);
    else if (marker === 'mime.types') lines.push(`${indent}include /etc/nginx/mime.types;`);
    else if (marker === 'access_log') {
      lines.push(`${indent}access_log ${dir}/access.log;`);
      // Debian's nginx keeps its temporary files under /var/lib/nginx: this one keeps its own.
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
        lines.push(`${indent}${t}_temp_path ${dir}/${t}_temp;`);
    } else if (marker === 'upstream') {
      if (!upstreamDone)
        for (const p of instancePorts) lines.push(`${indent}server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`);
      upstreamDone = true;
    } else if (marker === 'listen') lines.push(`${indent}listen ${port};`);
    else if (marker === 'static root') lines.push(`${indent}root ${staticRoot};`);
    else if (marker === 'uploads') lines.push(`${indent}alias ${uploadDir.replace(/\/?$/, '/')};`);
    else if (marker === 'media secret') lines.push(`${indent}set $media_secret "${mediaSecret}";`);
    // On an S3 store the segments are not in the uploads folder: nginx checks the signature, the instance redirects.
    else if (marker === 'segments')
      lines.push(
        segmentsFromPortal
          ? `${indent}proxy_pass http://portal;`
          : `${indent}alias ${uploadDir.replace(/\/?$/, '/')}hls/;`,
      );
    else throw new Error(`deploy/nginx.conf: unknown marker cluster: ${marker}`);
  }
  return lines.join('\n');
}

/** A child whose output goes to a log file (and, when `echo`, to this terminal with a prefix). */
function spawnLogged(cmd, args, { env, logFile, prefix, echo }) {
  const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const fd = openSync(logFile, 'a');
  const write = (chunk) => {
    writeFileSync(fd, chunk);
    if (echo)
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) process.stdout.write(`${prefix} ${line}\n`);
  };
  child.stdout.on('data', write);
  child.stderr.on('data', write);
  child.on('exit', () => closeSync(fd));
  return child;
}

/**
 * Starts the cluster and resolves once nginx answers. Returns { url, port, databaseUrl, uploadDir, storageUrl, dir, instances,
 * kill(i, signal), restart(i), stop() }; instances[i] = { port, child }.
 */
export async function startCluster({
  port = Number(process.env.CLUSTER_PORT || 3080),
  count = Number(process.env.CLUSTER_INSTANCES || 3),
  database = process.env.CLUSTER_DB || 'portal_cluster',
  testHooks = process.env.PORTAL_TEST_HOOKS === '1',
  poolSize = process.env.DB_POOL_SIZE,
  echo = false,
  // The deployed heap bound (deploy/compose.yaml): resident memory stays flat under load.
  nodeArgs = ['--max-old-space-size=256'],
  log = console.log,
} = {}) {
  const instancePorts = Array.from({ length: count }, (_, i) => port + 1 + i);
  for (const p of [port, ...instancePorts])
    if (await portInUse(p)) throw new Error(`port ${p} is already in use (CLUSTER_PORT to choose others)`);
  const nginx = await ensureNginx(log);
  await buildIfNeeded({ log: (m) => log(`[cluster] ${m}`) });
  const db = await freshDatabase(database, log);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
  const uploadDir = path.join(dir, 'uploads');
  const dataDir = path.join(dir, 'data');
  const staticRoot = path.join(dir, 'static-root');
  mkdirSync(uploadDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(path.join(staticRoot, '_next'), { recursive: true });
  symlinkSync(path.join(ROOT, '.next/static'), path.join(staticRoot, '_next/static'));
  // The instances' one file store: uploads, chunks, trial cuts and subtitles (each keeps only scratch in UPLOAD_DIR).
  let s3;
  try {
    s3 = await startS3rver({ dir: path.join(dir, 's3'), log: (m) => log(`[cluster] ${m}`) });
  } catch (err) {
    await db.drop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: db.url,
    TRUST_PROXY: '1',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Signs HLS segment URLs; nginx checks them with the same value (deploy/nginx.conf, /media/seg/).
    MEDIA_SECRET: randomBytes(24).toString('hex'),
    UPLOAD_DIR: uploadDir,
    STORAGE_URL: s3.url,
    DATA_DIR: dataDir,
    // Production starts will not seed by default: the cluster's demo and tests ask for the demo data.
    SEED: 'demo',
    PORTAL_ORIGINS: `main=http://localhost:${port},party=http://party.localhost:${port},student=http://stu.localhost:${port}`,
  };
  if (testHooks) env.PORTAL_TEST_HOOKS = '1';
  else delete env.PORTAL_TEST_HOOKS;
  if (poolSize) env.DB_POOL_SIZE = String(poolSize);
  delete env.TEST_DATABASE_URL;

  const instances = instancePorts.map((p) => ({ port: p, child: null }));
  let nginxChild = null;
  let stopped = false;
  const spawnInstance = (i) => {
    const p = instances[i].port;
    instances[i].child = spawnLogged(
      process.execPath,
      [...nodeArgs, '--require', path.join(ROOT, 'scripts/lib/preload.cjs'), NEXT_BIN, 'start', '-p', String(p)],
      {
        env: { ...env, PORT: String(p) },
        logFile: path.join(dir, `portal-${i + 1}.log`),
        prefix: `[portal ${i + 1}]`,
        echo,
      },
    );
    return instances[i].child;
  };
  const waitInstance = (i) =>
    waitForServer({
      port: instances[i].port,
      path: '/home',
      host: 'localhost',
      child: instances[i].child,
      timeoutMs: 180_000,
    });
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (nginxChild) await stopServer(nginxChild);
    await Promise.all(instances.map((inst) => inst.child && stopServer(inst.child)));
    await s3.stop();
    try {
      await db.drop();
    } catch (err) {
      log(`[cluster] could not drop the database: ${err.message}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // The first migrates and seeds the database (the others would wait on its lock anyway), then the rest.
    spawnInstance(0);
    await waitInstance(0);
    for (let i = 1; i < count; i++) spawnInstance(i);
    await Promise.all(instances.slice(1).map((_, j) => waitInstance(j + 1)));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      clusterNginxConf({
        port,
        instancePorts,
        dir,
        uploadDir,
        staticRoot,
        mediaSecret: env.MEDIA_SECRET,
        segmentsFromPortal: true,
      }),
    );
    const check = spawnSync(nginx, ['-t', '-q', '-p', dir, '-c', conf], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginxChild = spawnLogged(nginx, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
      env: process.env,
      logFile: path.join(dir, 'nginx.log'),
      prefix: '[nginx]',
      echo,
    });
    await waitForServer({ port, path: '/home', host: 'localhost', child: nginxChild, timeoutMs: 30_000 });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: `http://localhost:${port}`,
    port,
    databaseUrl: db.url,
    uploadDir,
    storageUrl: s3.url,
    dir,
    instances,
    /** Ends instance i at once (default SIGKILL: as a crash would). */
    kill: async (i, signal = 'SIGKILL') => {
      const child = instances[i].child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await gone;
    },
    restart: async (i) => {
      spawnInstance(i);
      await waitInstance(i);
    },
    stop,
  };
}

if (isMain(import.meta.url)) {
  let cluster;
  const shutdown = async (code) => {
    console.log('\n[cluster] stopping');
    await cluster?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  try {
    cluster = await startCluster({ echo: process.env.CLUSTER_QUIET !== '1' });
    console.log(
      `[cluster] ${cluster.instances.length} instances on ports ${cluster.instances.map((i) => i.port).join(', ')}, PostgreSQL ${cluster.databaseUrl.replace(/:[^:@/]+@/, ':***@')}`,
    );
    console.log(
      `[cluster] logs, scratch and the S3 store's files under ${cluster.dir}; STORAGE_URL ${cluster.storageUrl}`,
    );
    console.log(
      `[cluster] ready: ${cluster.url}/home (also http://party.localhost:${cluster.port}, http://stu.localhost:${cluster.port}); Ctrl-C stops everything`,
    );
  } catch (err) {
    console.error(`[cluster] ${err.message}`);
    await shutdown(1);
  }
}
