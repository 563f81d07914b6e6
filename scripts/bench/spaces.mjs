/**
 * The spaces domain's part of `npm run bench` (scripts/bench.mjs).
 * TARGETS: entries like those of bench.mjs (name, path, host, method, body, ratio, p99), measured with the rest.
 * extra(ctx): optional measurements of their own after the autocannon runs; ctx = { port, hostname, api, httpRequest, baseline, serverPid }
 * where api(path, body, cookie) posts JSON to localhost and baseline is the baseline's req/s. Return
 * [{ name, ok, detail }] rows; ok false counts as a missed target.
 *
 * Here: the space pages (public, cached like catalogue pages), and a 200 MB upload through the chunk
 * endpoints: MB/s against a durable copy of the same file on the same disk (copyFile + fsync, as the upload
 * fsyncs before its rename; target >= 50%), and the server's resident memory during it (target: under 300 MB;
 * the upload streams, it never holds a file). `node scripts/bench/spaces.mjs` runs this part alone, on PGlite
 * and, with TEST_DATABASE_URL or DATABASE_URL, on PostgreSQL too.
 */
import { createHash, randomFillSync } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  writeSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT } from '../lib/proc.mjs';

const PAGE = { ratio: 0.6, p99: 100 };

export const TARGETS = [
  { name: 'teacher space main', path: '/space/teacher?id=1', host: 'localhost', ...PAGE },
  { name: 'teacher space party', path: '/space/teacher?id=1', host: 'party.localhost', ...PAGE },
  { name: 'organisation space main', path: '/space/organization?id=1', host: 'localhost', ...PAGE },
];

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB || 200);
// The chunk size the browser client uses for this file (components/creation/upload-client.ts uploadChunkBytes:
// 2 MB MD5 slices, 8 MB chunks above 64 MB); BENCH_UPLOAD_CHUNK_MB to try another.
const CHUNK = Number(process.env.BENCH_UPLOAD_CHUNK_MB || (FILE_MB > 64 ? 8 : 2)) * MB;
const RSS_LIMIT_MB = 300;
/** Chunks in flight at once: 1 like the browser client (components/creation/upload-client.ts); BENCH_UPLOAD_PARALLEL to try more. */
const PARALLEL = Number(process.env.BENCH_UPLOAD_PARALLEL || 1);

function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
  } catch {
    return null;
  }
}

/** One chunk as multipart/form-data, written by hand: fields first, then the file part. */
function postChunk({ port, hostname, cookie }, fields, data, fileName) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const pre = Buffer.from(
    `${head}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path: '/api/resourceFile/uploadCourseWareFile',
        method: 'POST',
        headers: {
          host: `localhost:${port}`,
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': pre.length + data.length + post.length,
        },
      },
      (res) => {
        const parts = [];
        res.on('data', (c) => parts.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString('utf8'))));
      },
    );
    req.on('error', reject);
    req.write(pre);
    req.write(data);
    req.end(post);
  });
}

export async function extra(ctx) {
  if (ctx.wants && !ctx.wants('upload memory')) return [];
  const rows = [];
  const dir = path.join(ROOT, 'data', `bench-spaces-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const src = path.join(dir, 'source.mp4');
  try {
    // The file: an MP4 header, then incompressible bytes; written in 8 MB pieces (never 200 MB in memory).
    const fd = openSync(src, 'w');
    let piece = Buffer.alloc(8 * MB);
    const whole = createHash('md5');
    const chunkMd5 = [];
    let chunkHash = createHash('md5');
    let inChunk = 0;
    for (let written = 0; written < FILE_MB * MB; written += piece.length) {
      if (FILE_MB * MB - written < piece.length) piece = piece.subarray(0, FILE_MB * MB - written);
      randomFillSync(piece);
      if (written === 0)
        Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(piece);
      writeSync(fd, piece);
      whole.update(piece);
      for (let off = 0; off < piece.length;) {
        const take = Math.min(CHUNK - inChunk, piece.length - off);
        chunkHash.update(piece.subarray(off, off + take));
        inChunk += take;
        off += take;
        if (inChunk === CHUNK) {
          chunkMd5.push(chunkHash.digest('hex'));
          chunkHash = createHash('md5');
          inChunk = 0;
        }
      }
    }
    if (inChunk > 0) chunkMd5.push(chunkHash.digest('hex'));
    fsyncSync(fd);
    closeSync(fd);
    const size = FILE_MB * MB;
    const fileMd5 = whole.digest('hex');

    // Baselines on the same disk. The upload ends with an fsync of the assembled file before its rename
    // (a finished upload survives a crash), so the honest baseline writes the same bytes durably: a copy of
    // the file followed by fsync. The page-cache copy (`cp` without sync, which need not reach the disk
    // before it returns) is printed too, for reference only.
    const copyOf = (sync) => {
      const dst = path.join(dir, sync ? 'copy-sync.mp4' : 'copy.mp4');
      const t = process.hrtime.bigint();
      copyFileSync(src, dst);
      if (sync) {
        const cfd = openSync(dst, 'r+');
        fsyncSync(cfd);
        closeSync(cfd);
      }
      const sec = Number(process.hrtime.bigint() - t) / 1e9;
      rmSync(dst, { force: true });
      return sec;
    };
    const cacheCopySec = copyOf(false);
    const copySec = copyOf(true);

    const cap = JSON.parse((await ctx.api('/modules/imgCode/detail', {})).body).data;
    const login = await ctx.api('/modules/eosoperator/login', {
      userID: 'teacher',
      password: 'Teacher_2026',
      code: cap.answer,
      codeUuid: cap.uuid,
    });
    const cookie = []
      .concat(login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const plan = { fileMd5, fileSize: size, fileName: 'bench.mp4', chunkSize: CHUNK };
    const progress = JSON.parse((await ctx.api('/api/resourceFile/progress', plan, cookie)).body);
    if (progress.code !== 0) throw new Error(`progress: ${progress.msg}`);

    const heapOf = async () => JSON.parse((await ctx.api('/api/study/benchHook', { action: 'memory' })).body).data;
    const heapBefore = await heapOf().catch(() => null);
    const before = ctx.serverPid ? rssOf(ctx.serverPid) : null;
    let peak = before?.rss ?? 0;
    const sampler = setInterval(() => {
      const r = ctx.serverPid ? rssOf(ctx.serverPid) : null;
      if (r) peak = Math.max(peak, r.rss);
    }, 50);
    const rfd = openSync(src, 'r');
    const start = process.hrtime.bigint();
    let last;
    // PARALLEL chunks in flight, then ask the server until the file is whole.
    let next = progress.data.nextChunk;
    const worker = async () => {
      const buf = Buffer.alloc(CHUNK);
      while (next < chunkMd5.length) {
        const i = next++;
        const n = readSync(rfd, buf, 0, CHUNK, i * CHUNK);
        const res = await postChunk(
          { port: ctx.port, hostname: ctx.hostname, cookie },
          { ...plan, chunkIndex: i, chunkMd5: chunkMd5[i] },
          buf.subarray(0, n),
          'bench.mp4',
        );
        if (res.code !== 0) throw new Error(`chunk ${i}: ${res.msg}`);
        if (res.data.done) last = res;
      }
    };
    try {
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      while (!last) {
        const p = JSON.parse((await ctx.api('/api/resourceFile/progress', plan, cookie)).body);
        if (p.data?.done) last = p;
        else await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      clearInterval(sampler);
      closeSync(rfd);
    }
    const uploadSec = Number(process.hrtime.bigint() - start) / 1e9;
    const after = ctx.serverPid ? rssOf(ctx.serverPid) : null;
    const done = last?.data?.done === true && last.data.file?.md5 === fileMd5;
    const uploadMBs = FILE_MB / uploadSec;
    const copyMBs = FILE_MB / copySec;
    const cacheMBs = FILE_MB / cacheCopySec;
    rows.push({
      name: `upload ${FILE_MB} MB in ${CHUNK / MB} MB chunks, ${PARALLEL} in flight${ctx.dbLabel ? ` (${ctx.dbLabel})` : ''}`,
      ok: done && uploadMBs >= copyMBs * 0.5,
      detail:
        `${uploadMBs.toFixed(0)} MB/s (${uploadSec.toFixed(2)} s, chunks checked, file MD5 checked, fsync before rename) ` +
        `vs durable copy (copyFile + fsync) ${copyMBs.toFixed(0)} MB/s (${copySec.toFixed(2)} s): ratio ${(uploadMBs / copyMBs).toFixed(2)} (target >= 0.50); ` +
        `page-cache copy without fsync ${cacheMBs.toFixed(0)} MB/s (${cacheCopySec.toFixed(2)} s): ratio ${(uploadMBs / cacheMBs).toFixed(2)}${done ? '' : ' - the file did not complete'}`,
    });
    // Two readings of the memory target: the upload must add nothing that grows with the file (flat), and the
    // whole server should stay under 300 MB; the second depends on what the server holds before any upload
    // (PGlite's WebAssembly heap, Next.js), which the upload does not change.
    rows.push({
      name: 'server memory growth during the upload',
      ok: ctx.serverPid ? peak - (before?.rss ?? 0) < 50 : undefined,
      detail: ctx.serverPid
        ? `VmRSS before ${before?.rss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB (+${(peak - (before?.rss ?? 0)).toFixed(0)} MB), after ${after?.rss.toFixed(0)} MB (target: flat, < +50 MB)`
        : 'server pid unknown',
    });
    rows.push({
      name: 'server resident memory during the upload',
      ok: ctx.serverPid ? peak < RSS_LIMIT_MB : undefined,
      detail: ctx.serverPid
        ? `peak VmRSS ${peak.toFixed(0)} MB; VmHWM of the whole run ${after?.hwm.toFixed(0)} MB (target < ${RSS_LIMIT_MB} MB); ` +
          `before the upload: anonymous ${before?.anon.toFixed(0)} MB (JS heap, WebAssembly memory, native buffers), file-backed ${before?.file.toFixed(0)} MB (mapped code)` +
          (heapBefore
            ? `; JS heap ${heapBefore.heapUsed} of ${heapBefore.heapTotal} MB${heapBefore.heapLive !== null ? ` (${heapBefore.heapLive} MB live after a full collection)` : ''}, outside it ${heapBefore.external} MB`
            : '') +
          `; database: ${ctx.dbLabel ?? 'as the bench runs it'}`
        : 'server pid unknown',
    });
    // The same file again: instant completion by its MD5.
    const t0 = process.hrtime.bigint();
    const again = JSON.parse(
      (await ctx.api('/api/resourceFile/progress', { ...plan, fileName: 'again.mp4' }, cookie)).body,
    );
    rows.push({
      name: 'instant completion of a known file',
      ok: again.data?.done === true,
      detail: `${(Number(process.hrtime.bigint() - t0) / 1e6).toFixed(0)} ms`,
    });
  } catch (err) {
    rows.push({ name: 'upload benchmark', ok: false, detail: err.message });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

/**
 * `node scripts/bench/spaces.mjs`: the upload part alone (no autocannon), against `next start` on BENCH_PORT
 * with a fresh PGlite data folder (seeded by a first start that is then stopped); then, when TEST_DATABASE_URL or DATABASE_URL is set, once more against
 * a server on that PostgreSQL database (the embedded database is not on the upload path, but it lives in
 * the server's memory). Prints every row of both runs.
 */
async function standalone() {
  const { buildIfNeeded } = await import('../lib/build.mjs');
  const { freshDataDir, httpRequest, removeDataDir, startServer, stopServer } = await import('../lib/server.mjs');
  await buildIfNeeded();
  const port = Number(process.env.BENCH_PORT || 3240);
  const hostname = '127.0.0.1';
  const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const runs = [{ label: 'PGlite (embedded, in the server process)', env: { DATABASE_URL: undefined } }];
  if (pgUrl) runs.push({ label: `PostgreSQL ${pgUrl.replace(/\/\/[^@]*@/, '//')}`, env: { DATABASE_URL: pgUrl } });
  for (const r of runs) {
    const dataDir = freshDataDir('bench-spaces-upload');
    // The first start creates and seeds the database (when empty), which grows the memory of that process (PGlite's
    // WebAssembly memory never shrinks, V8 keeps the heap the seed grew); the server measured opens the existing
    // database, as every later start does.
    const first = await startServer({
      port,
      env: { DATA_DIR: dataDir, ...r.env },
      stdio: ['ignore', 'ignore', 'inherit'],
      waitPath: '/home',
      waitHost: 'localhost',
      timeoutMs: 180000,
    });
    await stopServer(first.child);
    const server = await startServer({
      port,
      env: { DATA_DIR: dataDir, PORTAL_TEST_HOOKS: '1', ...r.env },
      nodeArgs: (process.env.BENCH_NODE_ARGS || '').split(' ').filter(Boolean),
      stdio: ['ignore', 'ignore', 'inherit'],
      waitPath: '/home',
      waitHost: 'localhost',
      timeoutMs: 180000,
    });
    try {
      const api = async (p, body, cookie) =>
        httpRequest({
          port,
          hostname,
          path: p,
          method: 'POST',
          headers: { host: `localhost:${port}`, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
          body: JSON.stringify(body),
          timeoutMs: 30000,
        });
      // What a server holds once it has served pages and answered the API (as in the full bench).
      for (const p of ['/home', '/space/teacher?id=1'])
        await httpRequest({
          port,
          hostname,
          path: p,
          method: 'GET',
          headers: { host: `localhost:${port}` },
          timeoutMs: 60000,
        });
      const rows = await extra({ port, hostname, api, httpRequest, serverPid: server.pid, dbLabel: r.label });
      console.log(`\n[spaces bench] ${r.label}, server pid ${server.pid}`);
      for (const row of rows)
        console.log(`  ${row.ok === false ? 'MISS' : row.ok ? 'ok  ' : '--  '} ${row.name}: ${row.detail}`);
    } finally {
      await stopServer(server.child);
      removeDataDir(dataDir);
    }
  }
}
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(ROOT, 'scripts/bench/spaces.mjs')) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
