/**
 * The backend contract of the foundation (SPEC 7, 8; docs/design.md §5), through the same endpoint table
 * the server uses, on PGlite (DATA_DIR=memory) or on PostgreSQL (DATABASE_URL, set by npm test
 * from TEST_DATABASE_URL).
 */
import { eq, sql } from 'drizzle-orm';
import { testClient } from '../support/client';
import { handleApiRequest, MAX_JSON_BYTES } from '@/lib/server/http/api-route';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { captchas, courses, notices, operators, sessions } from '@/lib/server/db/schema';
import { createSession, forgetRecentSessions, hashToken } from '@/lib/server/services/accounts/sessions';
import { verifyCaptcha } from '@/lib/server/services/accounts/captcha';
import {
  CODE_SESSION_ELSEWHERE,
  CODE_SESSION_IDLE,
  CODE_SESSION_NONE,
  SESSION_MESSAGES,
} from '@/lib/contract/messages';
import { SESSION_IDLE_MS, TOKEN_STORAGE_KEY } from '@/lib/constants';
import type { Site } from '@/lib/variants';

const party: Site = { variant: 'party', dx: false };
const student: Site = { variant: 'student', dx: false };
const { call, callRaw } = testClient();

async function loginAs(userId: string): Promise<string> {
  const d = await db();
  const [op] = await d.select({ id: operators.id }).from(operators).where(eq(operators.userId, userId));
  return createSession(op.id);
}

const http = (path: string, init: RequestInit & { host?: string } = {}) =>
  handleApiRequest(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      ...init,
      headers: {
        host: init.host ?? 'localhost:3000',
        'content-type': 'application/json',
        ...(init.headers as Record<string, string>),
      },
    }),
  );

beforeAll(async () => {
  const handle = await getDbHandle();
  console.info(`integration suite on ${handle.kind}`);
}, 120_000);
afterAll(() => closeDb());

describe('home modules and their /api/platform/ variants', () => {
  const lists = [
    '/api/banner/list',
    '/api/msgMessageinfo/homeList',
    '/api/mtTrainnews/homeNews',
    '/api/recommendseries/homeList',
    '/api/course/homeList',
    '/api/train/homeList',
    '/api/tchrBaseinfo/homeList',
    '/api/live/homeList',
    '/api/rank/operator',
    '/api/rank/org',
    '/api/rank/orgCourse',
  ];
  it.each(lists)('%s answers a non-empty list, and its platform variant too', async (path) => {
    const res = await callRaw(path);
    expect(res.code).toBe(0);
    expect(Array.isArray(res.data)).toBe(true);
    expect((res.data as unknown[]).length).toBeGreaterThan(0);
    const platform = await callRaw(
      path.replace('/api/', '/api/platform/'),
      {},
      { site: { variant: 'partySchool', dx: true } },
    );
    expect(platform.code).toBe(0);
    expect((platform.data as unknown[]).length).toBeGreaterThan(0);
  });

  it('pageSize is honoured and capped', async () => {
    const two = await call('/api/course/homeList', { pageSize: 2 });
    expect((two.data as unknown[]).length).toBe(2);
    const over = await call('/api/course/homeList', { pageSize: 500 });
    expect(over.code).not.toBe(0);
    expect(over.msg).toMatch(/参数错误：pageSize/);
  });

  it('courses can be filtered by a category of 301-306 and nothing else', async () => {
    const res = await call('/api/course/homeList', { categoryCode: 301, pageSize: 12 });
    expect(
      (res.data as { categoryCode: number; categoryName: string }[]).every(
        (c) => c.categoryCode === 301 && c.categoryName === '党的理论',
      ),
    ).toBe(true);
    expect((await call('/api/course/homeList', { categoryCode: 399 })).code).not.toBe(0);
  });

  it('the party host shows party content first; the platform call shows only its own audience', async () => {
    const d = await db();
    const partyIds = new Set(
      (
        await d
          .select({ id: courses.id })
          .from(courses)
          .where(sql`'party' = any(${courses.audiences})`)
      ).map((r) => r.id),
    );
    const res = await call('/api/course/homeList', { pageSize: 8 }, { site: party });
    expect((res.data as { id: number }[]).every((c) => partyIds.has(c.id))).toBe(true);
    const ps = await call(
      '/api/platform/course/homeList',
      { pageSize: 24 },
      { site: { variant: 'partySchool', dx: false } },
    );
    expect((ps.data as { id: number }[]).every((c) => partyIds.has(c.id))).toBe(true);
    const stu = await call('/api/platform/recommendseries/homeList', { pageSize: 24 }, { site: student });
    expect(stu.code).toBe(0);
  });

  it('a new notice appears in the home list (the data behind the revalidated page)', async () => {
    const d = await db();
    const title = `集成测试公告 ${Date.now()}`;
    const [row] = await d
      .insert(notices)
      .values({ title, isTop: true, audiences: ['general'], publishedAt: new Date() })
      .returning({ id: notices.id });
    try {
      const res = await call('/api/msgMessageinfo/homeList');
      expect((res.data as { title: string }[]).map((n) => n.title)).toContain(title);
    } finally {
      await d.delete(notices).where(eq(notices.id, row.id));
    }
  });

  it('train cards carry a visitor apply status of SPEC 4.4', async () => {
    const res = await call('/api/train/homeList', { pageSize: 24 });
    for (const t of res.data as { applyStatus: number }[]) expect([1, 2, 3, 4, 5, 9]).toContain(t.applyStatus);
  });
});

describe('site endpoints', () => {
  it('platform detail names the variant and carries JSON image strings', async () => {
    const res = await call('/api/site/platformDetail', {}, { site: party });
    const data = res.data as { siteName: string; studyImage: string; homeImage: string };
    expect(data.siteName).toBe('党员网络学习平台');
    expect(JSON.parse(data.homeImage)).toHaveProperty('background');
  });

  it('client ids, student logo, audit setting', async () => {
    expect((await call('/api/site/requestUrlClientId')).data).toEqual(
      expect.objectContaining({ httpClientId: expect.any(String), httpsClientId: expect.any(String) }),
    );
    expect((await call('/api/site/getStuLogo')).data).toEqual({ stuLogo: expect.stringMatching(/\.svg$/) });
    expect((await call('/modules/auditSetting/detail')).data).toEqual({
      isMachine: expect.any(Boolean),
      isManual: expect.any(Boolean),
    });
  });

  it('the assistant is off for visitors and when no LLM is configured', async () => {
    expect((await call('/api/conversation/isShowLLM')).data).toBe(false);
    const token = await loginAs('learner');
    expect((await call('/api/conversation/isShowLLM', {}, { token })).data).toBe(false);
    process.env.LLM_BASE_URL = 'http://127.0.0.1:9/v1';
    try {
      expect((await call('/api/conversation/isShowLLM', {}, { token })).data).toBe(true);
      expect((await call('/api/conversation/isShowLLM', {}, { site: party, token })).data).toBe(false);
      expect((await call('/api/conversation/isShowLLM', {}, { site: { variant: 'main', dx: true }, token })).data).toBe(
        false,
      );
    } finally {
      delete process.env.LLM_BASE_URL;
    }
  });

  it('dictionaries and the course-type tree', async () => {
    const dict = await call('/modules/ddictionary/list', { dictType: 'trainType' });
    expect((dict.data as { name: string; code: number }[]).length).toBeGreaterThan(0);
    expect((await callRaw('/modules/ddictionary/list', {})).code).not.toBe(0);
    expect((await call('/modules/ddictionary/list', { dictType: 'x'.repeat(500) })).code).not.toBe(0);
    const tree = (await call('/modules/coursetype/list', { categoryCode: 302 })).data as {
      categoryCode: number;
      children: unknown[];
    }[];
    expect(tree.length).toBeGreaterThan(0);
    expect(tree.every((n) => n.categoryCode === 302)).toBe(true);
    expect(tree.some((n) => n.children.length > 0)).toBe(true);
  });

  it('global study time is formatted as hours and minutes', async () => {
    const res = await call('/api/study/globalTime');
    expect(res.data).toEqual({
      year: expect.any(Number),
      offLineAllTimeEffectiveFormatSearch: expect.stringMatching(/^\d+小时\d+分钟$/),
      onLineAllTimeEffectiveFormatSearch: expect.stringMatching(/^\d+小时\d+分钟$/),
    });
    expect((await callRaw('/api/study/globalTime', { year: 'this' })).code).not.toBe(0);
  });

  it('captcha: an SVG image and a uuid, single-use', async () => {
    const res = await call('/modules/imgCode/detail');
    const data = res.data as { codeBase64: string; uuid: string };
    expect(data.codeBase64).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data).not.toHaveProperty('answer');
    expect(await verifyCaptcha(data.uuid, 'WRONG')).toBe(false);
    const d = await db();
    const [row] = await d.select().from(captchas).where(eq(captchas.uuid, data.uuid));
    expect(row.usedAt).not.toBeNull();
  });
});

describe('study totals and sessions (SPEC 4.1, 8)', () => {
  it('no token or an unknown token -> 2002 on endpoints that need a user', async () => {
    for (const path of ['/api/study/totalTime', '/api/platform/study/totalTime', '/api/eosoperator/myInfo']) {
      expect(await callRaw(path)).toEqual({
        code: CODE_SESSION_NONE,
        msg: SESSION_MESSAGES[CODE_SESSION_NONE],
        data: null,
      });
      expect((await callRaw(path, {}, { token: 'x'.repeat(43) })).code).toBe(CODE_SESSION_NONE);
    }
  });

  it("a session answers the learner's totals in seconds, and the platform variant agrees", async () => {
    const token = await loginAs('learner');
    const res = await call('/api/study/totalTime', {}, { token });
    expect(res.code).toBe(0);
    const data = res.data as { offLineAllTimeEffective: number; onLineAllTimeEffective: number };
    expect(data.onLineAllTimeEffective).toBeGreaterThan(0);
    expect(data.offLineAllTimeEffective).toBeGreaterThan(0);
    expect(
      (await call('/api/platform/study/totalTime', {}, { site: { variant: 'column', dx: false }, token })).data,
    ).toEqual(res.data);
    const info = await call('/api/eosoperator/myInfo', {}, { token });
    expect(info.data).toEqual(expect.objectContaining({ userID: 'learner', operatorName: expect.any(String) }));
  });

  it('a newer login of the same account -> 2001 on the older session', async () => {
    const first = await loginAs('teacher');
    await loginAs('teacher');
    const res = await call('/api/study/totalTime', {}, { token: first });
    expect(res.code).toBe(CODE_SESSION_ELSEWHERE);
    expect(res.msg).toBe(SESSION_MESSAGES[CODE_SESSION_ELSEWHERE]);
  });

  it('idle for more than 4 hours -> 2000', async () => {
    const token = await loginAs('party');
    const d = await db();
    await d
      .update(sessions)
      .set({ lastActiveAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    // Written behind the sessions service's back: forget what it read in the last second.
    forgetRecentSessions();
    expect((await call('/api/study/totalTime', {}, { site: party, token })).code).toBe(CODE_SESSION_IDLE);
  });

  it('management roles give cmsRoleCount', async () => {
    const manager = await loginAs('manager');
    expect(
      ((await call('/api/platform/index/myCmsRoleList', {}, { token: manager })).data as unknown[]).length,
    ).toBeGreaterThan(0);
    const learner = await loginAs('learner');
    expect((await call('/api/platform/index/myCmsRoleList', {}, { token: learner })).data).toEqual([]);
  });
});

describe('bad input over HTTP never gives a 500 or a stack trace', () => {
  const expectEnvelope = async (res: Response, status: number) => {
    expect(res.status).toBe(status);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).not.toBe(0);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
    return body;
  };

  it('GET where POST is expected', async () => {
    await expectEnvelope(await http('/api/course/homeList', { method: 'GET' }), 405);
  });
  it('unknown path', async () => {
    await expectEnvelope(await http('/api/no/such', { body: '{}' }), 404);
    await expectEnvelope(await http('/api/platform/no/such', { body: '{}' }), 404);
  });
  it('non-JSON body', async () => {
    await expectEnvelope(await http('/api/course/homeList', { body: '{oops' }), 400);
  });
  it('a JSON body that is not an object, wrong types, missing fields', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null', '{"pageSize":"8"}', '{"pageSize":1.5}', '{"pageSize":-1}']) {
      await expectEnvelope(await http('/api/course/homeList', { body }), 200);
    }
    await expectEnvelope(await http('/modules/ddictionary/list', { body: '{}' }), 200);
  });
  it('oversize bodies and strings', async () => {
    await expectEnvelope(
      await http('/api/course/homeList', { body: JSON.stringify({ pad: 'x'.repeat(MAX_JSON_BYTES + 10) }) }),
      413,
    );
    await expectEnvelope(
      await http('/modules/ddictionary/list', { body: JSON.stringify({ dictType: '长'.repeat(1000) }) }),
      200,
    );
  });
  it('reads the token from the x-access-token header and from the session cookie', async () => {
    const token = await loginAs('student');
    const viaHeader = await http('/api/study/totalTime', {
      body: '{}',
      headers: { 'x-access-token': token },
      host: 'stu.localhost:3000',
    });
    expect(((await viaHeader.json()) as { code: number }).code).toBe(0);
    const viaCookie = await http('/api/study/totalTime', {
      body: '{}',
      headers: { cookie: `${TOKEN_STORAGE_KEY}=${encodeURIComponent(token)}` },
    });
    expect(((await viaCookie.json()) as { code: number }).code).toBe(0);
    const none = await http('/api/study/totalTime', { body: '{}' });
    expect(((await none.json()) as { code: number }).code).toBe(CODE_SESSION_NONE);
  });
  it('the variant comes from x-access-origin, then the Host header', async () => {
    const res = await http('/api/site/platformDetail', {
      body: '{}',
      headers: { 'x-access-origin': encodeURIComponent('http://party.localhost:3000') },
    });
    expect(((await res.json()) as { data: { siteName: string } }).data.siteName).toBe('党员网络学习平台');
    const byHost = await http('/api/site/platformDetail', { body: '{}', host: 'stu.localhost:3000' });
    expect(((await byHost.json()) as { data: { siteName: string } }).data.siteName).toBe('研究生科学教育平台');
  });
});

describe('login, logout and a management write', () => {
  const captcha = async () => {
    process.env.PORTAL_TEST_HOOKS = '1';
    try {
      return (await call('/modules/imgCode/detail')).data as { uuid: string; answer: string };
    } finally {
      delete process.env.PORTAL_TEST_HOOKS;
    }
  };

  it('refuses a wrong captcha, a wrong password and an unknown account with clear messages', async () => {
    let c = await captcha();
    const wrongCode = await call('/modules/eosoperator/login', {
      userID: 'learner',
      password: 'Learner_2026',
      code: 'ZZZZ',
      codeUuid: c.uuid,
    });
    expect(wrongCode.msg).toBe('验证码错误或已过期，请重新输入');
    // the captcha is used up by the failed attempt
    expect(
      (
        await call('/modules/eosoperator/login', {
          userID: 'learner',
          password: 'Learner_2026',
          code: c.answer,
          codeUuid: c.uuid,
        })
      ).code,
    ).not.toBe(0);
    c = await captcha();
    expect(
      (
        await call('/modules/eosoperator/login', {
          userID: 'learner',
          password: 'nope_1234',
          code: c.answer,
          codeUuid: c.uuid,
        })
      ).msg,
    ).toBe('账号或密码错误');
    c = await captcha();
    expect(
      (
        await call('/modules/eosoperator/login', {
          userID: 'nobody',
          password: 'nope_1234',
          code: c.answer,
          codeUuid: c.uuid,
        })
      ).msg,
    ).toBe('账号或密码错误');
    expect(
      (await call('/modules/eosoperator/login', { userID: ' ', password: 'x', code: 'x', codeUuid: 'x' })).msg,
    ).toContain('请输入登录账号');
  });

  it('a right login sets the HttpOnly session cookie and the identity cookie; logout ends the session', async () => {
    const c = await captcha();
    const res = await call('/modules/eosoperator/login', {
      userID: 'Manager',
      password: 'Manager_2026',
      code: c.answer.toLowerCase(),
      codeUuid: c.uuid,
    });
    expect(res.code).toBe(0);
    const token = (res.data as { token: string }).token;
    expect(res.cookies?.find((k) => k.name === TOKEN_STORAGE_KEY)).toEqual(
      expect.objectContaining({ value: token, httpOnly: true }),
    );
    expect(res.cookies?.find((k) => k.name === 'ce-identity')?.value).toMatch(/^\d+\./);
    expect((await call('/api/study/totalTime', {}, { token })).code).toBe(0);

    const title = `首页公告刷新测试 ${Date.now()}`;
    const saved = await call('/api/msgMessageinfo/save', { title, isTop: true }, { token });
    expect(saved.code).toBe(0);
    expect(((await call('/api/msgMessageinfo/homeList')).data as { title: string }[]).map((n) => n.title)).toContain(
      title,
    );
    const d = await db();
    await d.delete(notices).where(eq(notices.id, (saved.data as { id: number }).id));

    const out = await call('/modules/eosoperator/logout', {}, { token });
    expect(out.cookies?.every((k) => k.maxAge === 0)).toBe(true);
    expect((await call('/api/study/totalTime', {}, { token })).code).toBe(CODE_SESSION_NONE);
  });

  it('only a manager may publish', async () => {
    const learner = await loginAs('learner');
    expect((await call('/api/msgMessageinfo/save', { title: '越权' }, { token: learner })).code).not.toBe(0);
    expect((await call('/api/msgMessageinfo/save', { title: '未登录' })).code).toBe(CODE_SESSION_NONE);
  });

  it('the HTTP layer sets the cookies with HttpOnly and SameSite=Lax', async () => {
    process.env.PORTAL_TEST_HOOKS = '1';
    const cap = (await (await http('/modules/imgCode/detail', { body: '{}' })).json()) as {
      data: { uuid: string; answer: string };
    };
    delete process.env.PORTAL_TEST_HOOKS;
    const res = await http('/modules/eosoperator/login', {
      body: JSON.stringify({
        userID: 'student',
        password: 'Student_2026',
        code: cap.data.answer,
        codeUuid: cap.data.uuid,
      }),
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${TOKEN_STORAGE_KEY}=`))).toMatch(/HttpOnly; ?|HttpOnly$/);
    expect(cookies.every((c) => c.includes('SameSite=Lax'))).toBe(true);
  });
});
