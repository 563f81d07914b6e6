/**
 * Security properties across features: scrypt at N=2^17 with old (N=2^14) hashes verified and upgraded at the next
 * sign-in; HSTS and Secure session cookies when PUBLIC_ORIGIN is https; an uploaded PDF served as an attachment under
 * the sandbox policy; a training's enrolled learners for managers only.
 */
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { hashPassword, needsRehash, verifyPassword } from '@/lib/server/services/accounts/password';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { applyTransportHeaders, HSTS_VALUE } from '@/lib/server/http/transport';
import { handleUpload, serveFile } from '@/lib/server/http/streaming';
import { accountsClient } from './accounts-support';

const uploadDir = mkdtempSync(path.join(os.tmpdir(), 'hardening-'));
process.env.UPLOAD_DIR = uploadDir;
const { call, captcha, login } = accountsClient('10.22.0.1');

/** A hash in the format and parameters used before issue 22. */
function oldHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}
async function operator(userId: string) {
  const [op] = await (await db()).select().from(operators).where(eq(operators.userId, userId));
  return op;
}
afterAll(async () => {
  delete process.env.PUBLIC_ORIGIN;
  await closeDb();
  rmSync(uploadDir, { recursive: true, force: true });
});

describe('scrypt', () => {
  it('hashes with N=2^17, r=8, p=1 and still verifies the old N=2^14 hashes', async () => {
    const t = Date.now();
    const hash = await hashPassword('Secret_2026');
    console.info(`scrypt N=2^17 hash: ${Date.now() - t} ms`);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('Secret_2026', hash)).toBe(true);
    expect(await verifyPassword('secret_2026', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    const old = oldHash('Secret_2026');
    expect(await verifyPassword('Secret_2026', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    // A forged row asking for an absurd cost is refused, not computed.
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$AAAA$AAAA')).toBe(false);
  }, 30_000);

  it('an old hash is replaced at the next successful sign-in, not at a failed one', async () => {
    const d = await db();
    await d
      .update(operators)
      .set({ passwordHash: oldHash('Learner_2026') })
      .where(eq(operators.userId, 'learner'));
    expect((await login('learner', 'Wrong_pass_9')).code).not.toBe(0);
    expect((await operator('learner')).passwordHash).toMatch(/^scrypt\$16384\$/);
    expect((await login('learner', 'Learner_2026')).code).toBe(0);
    const upgraded = (await operator('learner')).passwordHash;
    expect(upgraded).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await login('learner', 'Learner_2026')).code).toBe(0);
    expect((await operator('learner')).passwordHash).toBe(upgraded);
  }, 60_000);
});

describe('TLS in production', () => {
  const signIn = async () =>
    handleApiRequest(
      new Request('http://localhost:3000/modules/eosoperator/login', {
        method: 'POST',
        headers: { host: 'localhost:3000', 'content-type': 'application/json' },
        body: JSON.stringify({ userID: 'teacher', password: 'Teacher_2026', ...(await captcha()) }),
      }),
    );

  it('behind TLS (PUBLIC_ORIGIN https) the session cookies are Secure with no X-Forwarded-Proto; HSTS on every response', async () => {
    process.env.PUBLIC_ORIGIN = 'https://edu.example.cn';
    const res = await signIn();
    expect((await res.json()).code).toBe(0);
    const cookies = res.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const c of cookies) expect(c).toMatch(/; Secure/);
    const headers = new Map<string, string>();
    applyTransportHeaders({ setHeader: (k: string, v: string) => headers.set(k, v) } as never);
    expect(headers.get('Strict-Transport-Security')).toBe(HSTS_VALUE);
  }, 30_000);

  it('on plain http (development) neither', async () => {
    delete process.env.PUBLIC_ORIGIN;
    const res = await signIn();
    for (const c of res.headers.getSetCookie()) expect(c).not.toMatch(/Secure/);
    const headers = new Map<string, string>();
    applyTransportHeaders({ setHeader: (k: string, v: string) => headers.set(k, v) } as never);
    expect(headers.size).toBe(0);
  }, 30_000);
});

describe('uploaded PDF', () => {
  it('is served to its uploader as an attachment under the sandbox policy', async () => {
    const teacher = await createSession((await operator('teacher')).id);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000)]);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(pdf)]), '讲义.pdf');
    const up = await handleUpload(
      new Request('http://localhost/api/resourceFile/uploadResFile', {
        method: 'POST',
        body: fd,
        headers: { 'x-access-token': teacher },
      }),
      'uploadResFile',
    );
    const body = (await up.json()) as { code: number; data: { url: string } };
    expect(body.code).toBe(0);
    const name = body.data.url.split('/').pop()!;
    expect(name).toBe(`${createHash('md5').update(pdf).digest('hex')}-${pdf.length}.pdf`);
    const res = await serveFile(
      new Request(`http://localhost${body.data.url}`, { headers: { 'x-access-token': teacher } }),
      name,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });
});

describe('a training’s enrolled learners', () => {
  it('are answered to managers only', async () => {
    const trainId = ((await call('/api/train/list', { type: 5001, pageSize: 1 })).data as { list: { id: number }[] })
      .list[0].id;
    const visitor = await call('/api/train/students', { trainId });
    expect(visitor.code).not.toBe(0);
    const learner = await call(
      '/api/train/students',
      { trainId },
      { token: await createSession((await operator('learner')).id) },
    );
    expect(learner.code).toBe(1003);
    expect(learner.msg).toBe('学员名单仅对管理员开放');
    const manager = await call(
      '/api/train/students',
      { trainId },
      { token: await createSession((await operator('manager')).id) },
    );
    expect(manager.code).toBe(0);
    expect(manager.data).toMatchObject({ list: expect.any(Array) });
  });
});
