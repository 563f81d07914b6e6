/**
 * The AI assistant (issue 6 point 3) against a local stand-in on loopback that speaks the OpenAI
 * chat-completions protocol (server-sent events): shown only on the main host to a signed-in user when
 * configured; the answer streams through the portal, which adds the key; the key never reaches the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { handleChat } from '@/lib/server/http/streaming';
import type { Site } from '@/lib/variants';

const KEY = 'sk-test-secret-key';
let server: http.Server;
let seen: { auth?: string; body?: { model: string; stream: boolean; messages: { role: string; content: string }[] } } =
  {};
let fail = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen = { auth: req.headers.authorization, body: JSON.parse(raw) };
      if (fail || req.url !== '/v1/chat/completions') {
        res.writeHead(500).end('{"error":"down"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const parts = ['您好，', '选学课程后', '即可开始学习。'];
      let i = 0;
      const tick = () => {
        if (i < parts.length) {
          res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: parts[i++] } }] })}\n\n`);
          setTimeout(tick, 5);
        } else {
          res.write(': keep-alive\n\ndata: [DONE]\n\n');
          res.end();
        }
      };
      tick();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.env.LLM_BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  process.env.LLM_API_KEY = KEY;
  process.env.LLM_MODEL = 'stand-in-model';
}, 60_000);

afterAll(async () => {
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_API_KEY;
  delete process.env.LLM_MODEL;
  await new Promise((r) => server.close(r));
  await closeDb();
});

async function token(userId: string) {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}
const chat = (tok: string | null, body: unknown, host = 'localhost:3000', headers: Record<string, string> = {}) =>
  handleChat(
    new Request('http://localhost/api/conversation/chat', {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { host, 'content-type': 'application/json', ...(tok ? { 'x-access-token': tok } : {}), ...headers },
    }),
  );
const ask = { messages: [{ role: 'user', content: '怎么开始学习？' }] };

describe('isShowLLM (SPEC 1)', () => {
  const show = (site: Site, tok: string | null) =>
    callEndpoint('/api/conversation/isShowLLM', {}, { token: tok, site });
  it('true only on the main host, signed in, configured', async () => {
    const t = await token('learner');
    expect((await show({ variant: 'main', dx: false }, t)).data).toBe(true);
    expect((await show({ variant: 'main', dx: false }, null)).data).toBe(false);
    expect((await show({ variant: 'party', dx: false }, t)).data).toBe(false);
    expect((await show({ variant: 'student', dx: false }, t)).data).toBe(false);
    expect((await show({ variant: 'partySchool', dx: true }, t)).data).toBe(false);
    const base = process.env.LLM_BASE_URL;
    delete process.env.LLM_BASE_URL;
    expect((await show({ variant: 'main', dx: false }, t)).data).toBe(false);
    process.env.LLM_BASE_URL = base;
  });
});

describe('/api/conversation/chat', () => {
  it('streams the stand-in’s answer as text; the server adds the key and the model', async () => {
    const res = await chat(await token('learner'), ask);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const reader = res.body!.getReader();
    const pieces: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      pieces.push(new TextDecoder().decode(value));
    }
    expect(pieces.join('')).toBe('您好，选学课程后即可开始学习。');
    expect(pieces.length).toBeGreaterThan(1); // streamed, not one block
    expect(seen.auth).toBe(`Bearer ${KEY}`);
    expect(seen.body).toMatchObject({ model: 'stand-in-model', stream: true });
    expect(seen.body!.messages[0].role).toBe('system');
    expect(seen.body!.messages.at(-1)).toEqual({ role: 'user', content: '怎么开始学习？' });
  });

  it('refuses a page of another site and a body over 64 KB before reading on', async () => {
    const t = await token('learner');
    const cross = await chat(t, ask, 'localhost:3000', { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ code: 1003, msg: '非法的跨站请求' });
    const big = await chat(t, JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(70 * 1024) }] }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 1013, msg: '请求内容过大' });
    const notJson = await chat(t, '{"messages":');
    expect(await notJson.json()).toMatchObject({ code: 1006, msg: '请求内容不是有效的JSON' });
  });

  it('refuses visitors, other hosts and bad input with an envelope; an upstream failure says so in Chinese', async () => {
    const t = await token('learner');
    expect(((await (await chat(null, ask)).json()) as { code: number }).code).toBe(2002);
    const party = (await (await chat(t, ask, 'party.localhost:3000')).json()) as { code: number; msg: string };
    expect(party.msg).toBe('智能助手未开放');
    const empty = (await (await chat(t, { messages: [] })).json()) as { msg: string };
    expect(empty.msg).toMatch(/参数错误：messages/);
    const role = (await (await chat(t, { messages: [{ role: 'system', content: 'x' }] })).json()) as { msg: string };
    expect(role.msg).toMatch(/参数错误/);
    fail = true;
    const down = (await (await chat(t, ask)).json()) as { code: number; msg: string };
    fail = false;
    expect(down.msg).toBe('智能助手暂时无法回答，请稍后再试');
    expect(JSON.stringify(down)).not.toContain(KEY);
  });
});
