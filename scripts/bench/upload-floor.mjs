/**
 * The upload's floor on this machine: `node scripts/bench/upload-floor.mjs`. A bare Node.js HTTP server (no Next.js,
 * no database) parses 25 multipart chunks of 8 MB with busboy, hashes each with MD5 and writes it to a file, the
 * least the portal's chunk endpoint does per chunk (it also checks the session and the plan, records the chunk,
 * hashes the whole file on a worker thread and fsyncs before the rename). Client and server share this process,
 * one chunk in flight like the browser. Prints MB/s; compare with the upload row of `npm run bench`.
 */
import http from 'node:http';
import { createHash, randomFillSync } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import busboy from 'busboy';
import { ROOT } from '../lib/proc.mjs';

const MB = 1 << 20;
const CHUNK = 8 * MB;
const N = 25;
const dir = path.join(ROOT, 'data', `upload-floor-${process.pid}`);
mkdirSync(dir, { recursive: true });
const fh = await open(path.join(dir, 'out.bin'), 'w');

const server = http.createServer((req, res) => {
  const bb = busboy({ headers: req.headers, highWaterMark: MB, fileHwm: MB });
  let index = 0;
  bb.on('field', (k, v) => {
    if (k === 'i') index = Number(v);
  });
  bb.on('file', async (_name, stream) => {
    const hash = createHash('md5');
    let at = index * CHUNK;
    let batch = [];
    let bytes = 0;
    for await (const piece of stream) {
      hash.update(piece);
      batch.push(piece);
      bytes += piece.length;
      if (bytes >= MB) {
        await fh.writev(batch, at);
        at += bytes;
        batch = [];
        bytes = 0;
      }
    }
    if (bytes) await fh.writev(batch, at);
    res.end(JSON.stringify({ md5: hash.digest('hex') }));
  });
  req.pipe(bb);
});

server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  const data = Buffer.alloc(CHUNK);
  randomFillSync(data);
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) {
    const boundary = `floor${i}`;
    const pre = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="i"\r\n\r\n${i}\r\n--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    );
    const post = Buffer.from(`\r\n--${boundary}--\r\n`);
    await new Promise((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': pre.length + CHUNK + post.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      );
      req.on('error', reject);
      req.write(pre);
      req.write(data);
      req.end(post);
    });
  }
  const sec = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `[upload floor] ${N} x ${CHUNK / MB} MB through busboy + MD5 + writes, no Next.js, no database: ${((N * CHUNK) / MB / sec).toFixed(0)} MB/s (${sec.toFixed(2)} s)`,
  );
  server.close();
  await fh.close();
  rmSync(dir, { recursive: true, force: true });
});
