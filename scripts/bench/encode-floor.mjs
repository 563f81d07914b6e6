/**
 * What encoding a page on every request costs on this machine: `node scripts/bench/encode-floor.mjs [small big]`.
 * A plain Node HTTP server (a child process, so autocannon does not share its event loop) spends ENCODE_FLOOR_WORK_US
 * of CPU per request, about what a cached page costs inside Next.js here, then sends a page the way Next.js sends a
 * cache hit (Content-Length from Buffer.byteLength, then res.end(string)), or as bytes kept from an earlier request
 * (lib/server/lanes/encoded-pages.ts). Pages: two HTML files given as arguments (e.g. `curl` the baseline and a home
 * page of a running server), else two made-up ones of the same make as the static baseline (10,100 characters, 570
 * of them Chinese) and the main home page (52,900, 3,975 Chinese). Prints req/s and the ratio to the small page.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

const PORT = Number(process.env.ENCODE_FLOOR_PORT || 3279);
const SECONDS = Number(process.env.BENCH_DURATION || 6);
const WORK_US = Number(process.env.ENCODE_FLOOR_WORK_US || 600);

/** A page of `chars` characters, `cjk` of them Chinese, spread through ASCII markup like a rendered page's. */
function madeUp(chars, cjk) {
  const han = '继续教育网络学院课程资源系列专题培训项目';
  const every = Math.floor(chars / cjk);
  let out = '';
  for (let i = 0; out.length < chars; i++) out += i % every === 0 ? han[i % han.length] : 'abcdefgh<>" ='[i % 13];
  return out;
}

if (process.argv[2] === '--serve') {
  const [small, big] = JSON.parse(process.env.ENCODE_FLOOR_PAGES);
  const kept = Buffer.from(big, 'utf8');
  const work = () => {
    const end = process.hrtime.bigint() + BigInt(WORK_US * 1000);
    while (process.hrtime.bigint() < end);
  };
  http
    .createServer((req, res) => {
      work();
      res.setHeader('content-type', 'text/html; charset=utf-8');
      if (req.url === '/big-bytes') {
        res.setHeader('content-length', Buffer.byteLength(big));
        res.end(kept);
        return;
      }
      const page = req.url === '/big' ? big : small;
      res.setHeader('content-length', Buffer.byteLength(page));
      res.end(page);
    })
    .listen(PORT, '127.0.0.1', () => process.send?.('up'));
} else {
  const [smallFile, bigFile] = process.argv.slice(2);
  const pages = smallFile
    ? [readFileSync(smallFile, 'utf8'), readFileSync(bigFile, 'utf8')]
    : [madeUp(10_100, 570), madeUp(52_900, 3_975)];
  const server = fork(new URL(import.meta.url).pathname, ['--serve'], {
    env: { ...process.env, ENCODE_FLOOR_PAGES: JSON.stringify(pages) },
  });
  await new Promise((resolve) => server.once('message', resolve));
  const measure = async (path) =>
    (await autocannon({ url: `http://127.0.0.1:${PORT}${path}`, connections: 32, duration: SECONDS })).requests.average;
  try {
    console.log(
      `pages: ${Buffer.byteLength(pages[0])} and ${Buffer.byteLength(pages[1])} bytes; ${WORK_US} µs of work each`,
    );
    await measure('/small'); // warm-up, not counted
    for (let round = 1; round <= 2; round++) {
      const small = await measure('/small');
      const big = await measure('/big');
      const bytes = await measure('/big-bytes');
      console.log(
        `round ${round}: small page as a string ${Math.round(small)} req/s; big page as a string ${Math.round(big)} ` +
          `(${(big / small).toFixed(2)}), as kept bytes ${Math.round(bytes)} (${(bytes / small).toFixed(2)})`,
      );
    }
  } finally {
    server.kill();
  }
}
