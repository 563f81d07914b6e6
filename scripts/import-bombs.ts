/**
 * The import-bomb probe of issue 38, against a running portal (PORTAL_TEST_HOOKS=1, for the captcha answer): signs
 * in as the demo manager, uploads the four xlsx bombs of the issue (a few hundred KB each, unpacking to 12, 90, 180
 * and 370 MB of sheet XML: 200,000 to 6,000,000 rows), first with honest zip headers, then with headers that claim
 * 1 KB, one after another to /api/manage/userImport, while /api/health is asked every 100 ms. Prints each answer,
 * the health latencies (max, p99) and, given the server's PID, its resident memory before and at most.
 *
 *   PROBE_URL=http://localhost:3109 SERVER_PID=<pid of next start> npx tsx scripts/import-bombs.ts
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { xlsx } from '../tests/fixtures/xlsx-bombs';

const base = process.env.PROBE_URL || 'http://localhost:3109';
const pid = process.env.SERVER_PID;
const MB = 1024 * 1024;

const rss = () =>
  pid ? Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024 : 0;

async function post(
  path: string,
  body: unknown,
  cookie = '',
): Promise<{ json: { code: number; msg: string; data: unknown }; cookie: string }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return { json: await res.json(), cookie: [cookie, ...set].filter(Boolean).join('; ') };
}

/** One multipart upload over its own connection (node:http), the answer's text. */
function upload(file: Buffer, cookie: string): Promise<string> {
  const boundary = `----probe${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="bomb.xlsx"\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/manage/userImport`,
      {
        method: 'POST',
        agent: false,
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sheet XML of `rows` rows without numbers (so it repeats, as a bomb's does), about 50 bytes a row. */
function sheet(rows: number): Buffer {
  const head =
    '<worksheet><sheetData><row><c t="inlineStr"><is><t>账号</t></is></c><c t="inlineStr"><is><t>姓名</t></is></c></row>';
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c><c><v>1</v></c></row>';
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(rows * Buffer.byteLength(row), row),
    Buffer.from('</sheetData></worksheet>'),
  ]);
}

async function main() {
  const cap = await post('/modules/imgCode/detail', {});
  const { uuid, answer } = cap.json.data as { uuid: string; answer: string };
  const login = await post(
    '/modules/eosoperator/login',
    { userID: 'manager', password: 'Manager_2026', code: answer, codeUuid: uuid },
    cap.cookie,
  );
  if (login.json.code !== 0) throw new Error(`sign-in: ${login.json.msg}`);
  const cookie = login.cookie;

  // Made before the clock starts: deflating hundreds of MB here would stall this process's own health requests.
  const bombs = [false, true].flatMap((lying) =>
    [200_000, 1_500_000, 3_000_000, 6_000_000].map((rows) => {
      const body = sheet(rows);
      return { lying, xmlBytes: body.length, file: xlsx(body, lying ? 1024 : undefined) };
    }),
  );

  const latencies: number[] = [];
  let failures = 0;
  let peak = rss();
  const before = peak;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const req = http.get(`${base}/api/health`, { agent: false, timeout: 5000 }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('timeout', () => req.destroy(new Error('no answer within 5 s')));
          req.on('error', reject);
        });
        if (status !== 200) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - t);
      peak = Math.max(peak, rss());
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  for (const { lying, xmlBytes, file } of bombs) {
    const t = performance.now();
    const text = await upload(file, cookie);
    const lines = text.trim().split('\n');
    const last = JSON.parse(lines.at(-1) ?? '{}') as { msg?: string; data?: { errors?: { message: string }[] } };
    console.log(
      `${lying ? 'lying' : 'honest'} headers, ${(xmlBytes / MB).toFixed(0)} MB of XML in ${(file.length / 1024).toFixed(0)} KB: ` +
        `${last.data?.errors?.[0]?.message ?? last.msg} (${Math.round(performance.now() - t)} ms)`,
    );
  }
  polling = false;
  await poller;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `/api/health: ${latencies.length} asked, ${failures} not answered; max ${Math.round(sorted.at(-1) ?? 0)} ms, p99 ${Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0)} ms`,
  );
  if (pid) console.log(`server memory: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
