/**
 * The AI assistant (issue 6 point 3) against a local stand-in on loopback that speaks the OpenAI
 * chat-completions protocol (server-sent events): shown only on the main host to a signed-in user when
 * configured; the answer streams through the portal, which adds the key; the key never reaches the browser.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { callEndpoint } from '@/lib/server/http/dispatch';
import { closeDb, db } from '@/lib/server/db';
import { assistantUsage, operators } from '@/lib/server/db/schema';
import { ASSISTANT_SITE_QUOTA_SPENT_MSG, ASSISTANT_USER_QUOTA_SPENT_MSG } from '@/lib/contract/messages';
import { dayOf, takeQuestion } from '@/lib/server/services/assistant/quota';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { handleChat } from '@/lib/server/http/streaming';
import type { Site } from '@/lib/variants';

const KEY = 'sk-test-secret-key';
let server: http.Server;
let seen: { auth?: string; body?: { model: string; stream: boolean; messages: { role: string; content: string }[] } } =
  {};
let fail = false;
/** When set, the stand-in takes the question and answers nothing until the client goes; `asked` counts questions. */
let hold = false;
let asked = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      seen = { auth: req.headers.authorization, body: JSON.parse(raw) };
      asked++;
      if (hold) return;
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

describe('the assistant’s daily allowances (issue 26), counted in the database', () => {
  const quota = async (tok: string) =>
    (await callEndpoint('/api/conversation/quota', {}, { token: tok, site: { variant: 'main', dx: false } })).data as {
      left: number;
      limit: number;
    };
  const drain = async (res: Response) => {
    if (res.body) await res.text();
    return res;
  };
  afterEach(() => {
    delete process.env.ASSISTANT_DAILY_QUOTA;
    delete process.env.ASSISTANT_ROLE_QUOTAS;
    delete process.env.ASSISTANT_SITE_DAILY_QUOTA;
  });

  it('counts each answered question; the last one spent is refused with a Chinese message; a failure is given back', async () => {
    process.env.ASSISTANT_DAILY_QUOTA = '2';
    const t = await token('teacher');
    expect(await quota(t)).toEqual({ left: 2, limit: 2 });
    fail = true;
    await drain(await chat(t, ask)); // the model did not answer: not counted
    fail = false;
    expect(await quota(t)).toEqual({ left: 2, limit: 2 });
    const first = await drain(await chat(t, ask));
    expect(first.headers.get('x-assistant-left')).toBe('1');
    const second = await drain(await chat(t, ask));
    expect(second.headers.get('x-assistant-left')).toBe('0');
    const third = (await (await chat(t, ask)).json()) as { code: number; msg: string };
    expect(third.code).not.toBe(0);
    expect(third.msg).toBe(ASSISTANT_USER_QUOTA_SPENT_MSG);
    expect(await quota(t)).toEqual({ left: 0, limit: 2 });
  });

  it('a question the model received is counted though the client hung up before the answer (issue 38)', async () => {
    process.env.ASSISTANT_DAILY_QUOTA = '5';
    const t = await token('manager');
    const before = await quota(t);
    hold = true;
    const from = asked;
    const gone = new AbortController();
    const pending = handleChat(
      new Request('http://localhost/api/conversation/chat', {
        method: 'POST',
        body: JSON.stringify(ask),
        headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-access-token': t },
        signal: gone.signal,
      }),
    );
    while (asked === from) await new Promise((r) => setTimeout(r, 10));
    gone.abort();
    await pending;
    hold = false;
    expect(await quota(t)).toEqual({ left: before.left - 1, limit: 5 });
    // A client gone before the question was sent costs nothing.
    const early = new AbortController();
    early.abort();
    await handleChat(
      new Request('http://localhost/api/conversation/chat', {
        method: 'POST',
        body: JSON.stringify(ask),
        headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-access-token': t },
        signal: early.signal,
      }),
    );
    expect(asked).toBe(from + 1);
    expect(await quota(t)).toEqual({ left: before.left - 1, limit: 5 });
  });

  it('parallel questions cannot pass the allowance', async () => {
    process.env.ASSISTANT_DAILY_QUOTA = '3';
    const t = await token('newbie');
    const answers = await Promise.all(Array.from({ length: 10 }, () => chat(t, ask).then(drain)));
    const streamed = answers.filter((r) => r.headers.get('content-type')?.startsWith('text/plain'));
    expect(streamed).toHaveLength(3);
    expect(await quota(t)).toEqual({ left: 0, limit: 3 });
  });

  it('a role’s allowance of 0 hides the assistant from it; another role’s override applies', async () => {
    process.env.ASSISTANT_ROLE_QUOTAS = 'party=0,内容管理员=5';
    const p = await token('party');
    expect(
      (await callEndpoint('/api/conversation/isShowLLM', {}, { token: p, site: { variant: 'main', dx: false } })).data,
    ).toBe(false);
    expect(((await (await chat(p, ask)).json()) as { msg: string }).msg).toBe('智能助手未开放');
    expect(await quota(await token('manager'))).toMatchObject({ limit: 5 });
  });

  it('the site’s allowance bounds everyone together, and a refused question costs the user nothing', async () => {
    const day = dayOf(new Date());
    const d = await db();
    const [row] = await d
      .select()
      .from(assistantUsage)
      .where(and(eq(assistantUsage.day, day), eq(assistantUsage.who, 'site')));
    process.env.ASSISTANT_SITE_DAILY_QUOTA = String((row?.used ?? 0) + 1);
    const s = await token('student');
    const before = await quota(s);
    expect((await drain(await chat(s, ask))).headers.get('x-assistant-left')).toBe(String(before.left - 1));
    const refused = (await (await chat(s, ask)).json()) as { msg: string };
    expect(refused.msg).toBe(ASSISTANT_SITE_QUOTA_SPENT_MSG);
    expect(await quota(s)).toEqual({ left: before.left - 1, limit: before.limit });
  });

  it('a new day in China time starts afresh', async () => {
    process.env.ASSISTANT_DAILY_QUOTA = '1';
    const user = { operatorID: 987654, audience: 'general', cmsRoles: [] };
    const evening = new Date('2026-11-27T15:59:00Z'); // 23:59 in Beijing
    await takeQuestion(user, evening);
    await expect(takeQuestion(user, evening)).rejects.toThrow(ASSISTANT_USER_QUOTA_SPENT_MSG);
    const midnight = new Date('2026-11-27T16:00:00Z'); // 00:00 the next day
    expect((await takeQuestion(user, midnight)).quota).toEqual({ left: 0, limit: 1 });
  });
});
