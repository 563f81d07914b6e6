/**
 * Request validation of the whole endpoint table: an id beyond int4, a NUL in text and a number JSON cannot
 * hold (1e400) are parameter errors with a Chinese message naming the field, before any handler or query runs
 * (never 1500 "服务器繁忙"). Through the dispatcher and through the HTTP layer, on PGlite or PostgreSQL.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { testClient } from '../support/client';
import { ENDPOINTS } from '@/lib/server/endpoints';
import { handleApiRequest } from '@/lib/server/http/api-route';
import { closeDb, db } from '@/lib/server/db';
import { captchas, operators } from '@/lib/server/db/schema';
import { createSession } from '@/lib/server/services/accounts/sessions';
import { CODE_INVALID, CODE_SERVER } from '@/lib/server/errors';
import { INT4_MAX } from '@/lib/validation/common';

const BIG = INT4_MAX + 1;
let token: string;
const { call, callRaw } = testClient();

const http = async (path: string, body: string) => {
  const res = await handleApiRequest(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      body,
      headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-access-token': token },
    }),
  );
  return (await res.json()) as { code: number; msg: string };
};

let errors: jest.SpyInstance;
beforeAll(async () => {
  const [op] = await (await db()).select({ id: operators.id }).from(operators).where(eq(operators.userId, 'learner'));
  token = await createSession(op.id);
}, 120_000);
beforeEach(() => {
  errors = jest.spyOn(console, 'error');
});
afterEach(() => {
  // a refused parameter never reaches a query: nothing is logged as failed
  expect(errors).not.toHaveBeenCalledWith(expect.stringMatching(/failed|Failed query/));
  errors.mockRestore();
});
afterAll(() => closeDb());

const space = { kind: 'teacher' };
const bigIdCases: [string, Record<string, unknown>, string][] = [
  ['/api/space/detail', { ...space, id: BIG }, 'id'],
  ['/api/space/fans', { ...space, id: BIG }, 'id'],
  ['/api/space/follows', { ...space, id: BIG }, 'id'],
  ['/api/space/followState', { ...space, id: BIG }, 'id'],
  ['/api/space/follow', { ...space, id: BIG }, 'id'],
  ['/api/space/unfollow', { ...space, id: BIG }, 'id'],
  ['/api/space/top/save', { itemType: 'course', itemId: BIG, top: true }, 'itemId'],
  ['/api/comment/list', { ...space, id: BIG }, 'id'],
  ['/api/comment/save', { ...space, id: BIG, content: '好' }, 'id'],
  ['/api/comment/remove', { id: BIG }, 'id'],
  ['/api/certificate/detail', { certificateId: BIG }, 'certificateId'],
  ['/api/course/choose', { courseId: BIG }, 'courseId'],
  ['/api/course/state', { courseId: BIG }, 'courseId'],
  ['/api/assess/save', { trainId: BIG, scores: { content: 5, teacher: 5, organisation: 5 } }, 'trainId'],
  ['/api/newEmployee/seriesDetail', { id: BIG }, 'id'],
  ['/api/register/info', { resourceId: BIG }, 'resourceId'],
  ['/api/recommendseries/applicationCertificate', { seriesId: BIG }, 'seriesId'],
  ['/api/train/applicationCertificate', { trainId: BIG }, 'trainId'],
  ['/api/resourceFile/getBasic', { courseId: BIG }, 'courseId'],
  ['/api/resourceFile/removeChapter', { chapterId: BIG }, 'chapterId'],
  ['/api/resourceFile/removeCourse', { courseId: BIG }, 'courseId'],
  ['/api/resourceFile/saveChapter', { courseId: BIG, title: '第一章', fileId: 1 }, 'courseId'],
  ['/api/resourceFile/submit', { courseId: BIG }, 'courseId'],
  ['/api/course/list', { pageNum: BIG }, 'pageNum'],
  ['/api/train/list', { year: BIG }, 'year'],
];

describe('an id of 2147483648', () => {
  it.each(bigIdCases)('%s refuses it as a parameter error naming %s', async (path, body, field) => {
    const res = await callRaw(path, body, { token });
    expect(res.code).toBe(CODE_INVALID);
    expect(res.msg).toMatch(new RegExp(`^参数错误：${field} 不能大于`));
  });

  it('every integer of every endpoint is refused beyond int4, never answered with 1500', async () => {
    let tried = 0;
    for (const [path, ep] of Object.entries(ENDPOINTS)) {
      const json = z.toJSONSchema(ep.schema, { unrepresentable: 'any', io: 'input' }) as {
        properties?: Record<string, { type?: string }>;
      };
      for (const [field, prop] of Object.entries(json.properties ?? {})) {
        if (prop.type !== 'integer' || field === 'fileSize') continue;
        const res = await callRaw(path, { [field]: BIG }, { token });
        tried++;
        expect([path, field, res.code]).toEqual([path, field, CODE_INVALID]);
      }
    }
    expect(tried).toBeGreaterThan(40);
  });

  it('no schema keeps an integer without an int4 bound (fileSize alone goes to a bigint column)', () => {
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== 'object') return;
      const n = node as {
        type?: string;
        maximum?: number;
        exclusiveMaximum?: number;
        minimum?: number;
        exclusiveMinimum?: number;
      };
      if (n.type === 'integer' && !/\.fileSize$/.test(where)) {
        const max = n.maximum ?? n.exclusiveMaximum ?? Infinity;
        const min = n.minimum ?? n.exclusiveMinimum ?? -Infinity;
        if (max > INT4_MAX || min < -INT4_MAX - 1) unbounded.push(where);
      }
      for (const [k, v] of Object.entries(node))
        walk(v, `${where}.${k === 'properties' ? '' : k}`.replace(/\.\./g, '.'));
    };
    for (const [path, ep] of Object.entries(ENDPOINTS))
      walk(z.toJSONSchema(ep.schema, { unrepresentable: 'any', io: 'input' }), path);
    expect(unbounded).toEqual([]);
  });
});

describe('a NUL or another control character in text', () => {
  const nulCases: [string, Record<string, unknown>, string][] = [
    ['/api/search/course', { key: '科研\u0000' }, 'key'],
    ['/api/search/full', { key: '\u0000' }, 'key'],
    ['/api/eosoperator/update', { operatorName: '王\u0000', gender: 1 }, 'operatorName'],
    ['/api/eosoperator/update', { operatorName: '王', gender: 1, remark: '备注\u0001' }, 'remark'],
    ['/api/course/summarySave', { courseId: 1, content: '心得\u0000' }, 'content'],
    ['/api/resourceFile/updateBasic', { title: '课\u0000', categoryCode: 301 }, 'title'],
    ['/api/resourceFile/updateBasic', { title: '课', categoryCode: 301, summary: '简介\u001b' }, 'summary'],
    ['/api/collection/save', { surveyId: 1, answers: { '4': '意见\u0000' } }, 'answers.4'],
    ['/api/eosoperator/forgetPasswordSendEmail', { userIdOrEmail: 'learner\u0000' }, 'userIdOrEmail'],
    ['/modules/ddictionary/list', { dictType: 'trainType\u0000' }, 'dictType'],
  ];
  it.each(nulCases)('%s refuses it as a parameter error naming %s', async (path, body, field) => {
    const res = await callRaw(path, body, { token });
    expect(res).toMatchObject({ code: CODE_INVALID, msg: `参数错误：${field} 含有不允许的控制字符` });
  });

  it('a login with a NUL in userID is refused before the captcha is used', async () => {
    process.env.PORTAL_TEST_HOOKS = '1';
    const c = (await call('/modules/imgCode/detail', {}, { token })).data as { uuid: string; answer: string };
    delete process.env.PORTAL_TEST_HOOKS;
    const res = await call(
      '/modules/eosoperator/login',
      {
        userID: 'learner\u0000',
        password: 'Learner_2026',
        code: c.answer,
        codeUuid: c.uuid,
      },
      { token },
    );
    expect(res).toMatchObject({ code: CODE_INVALID, msg: '参数错误：userID 含有不允许的控制字符' });
    expect(await (await db()).select().from(captchas).where(eq(captchas.uuid, c.uuid))).toHaveLength(1);
  });

  it('tab, line feed and carriage return are text', async () => {
    const res = await call('/api/search/course', { key: '科研\t项目' }, { token });
    expect(res.code).toBe(0);
  });

  it('over HTTP, as JSON escapes', async () => {
    const res = await http('/api/search/course', '{"key":"a\\u0000b"}');
    expect(res).toMatchObject({ code: CODE_INVALID, msg: '参数错误：key 含有不允许的控制字符' });
  });
});

describe('a number JSON cannot hold', () => {
  it.each([
    ['/api/course/list', '{"pageNum":1e400}', '参数错误：pageNum 数值无效'],
    ['/api/course/choose', '{"courseId":1e400}', '参数错误：courseId 数值无效'],
    ['/api/space/detail', '{"kind":"teacher","id":-1e400}', '参数错误：id 数值无效'],
    ['/api/course/state', '{"courseId":2147483648}', '参数错误：courseId 不能大于2147483647'],
    ['/api/course/state', '{"courseId":1.5}', '参数错误：courseId 应为整数'],
    ['/api/course/state', '{}', '参数错误：courseId 缺少参数'],
    ['/api/course/state', '{"courseId":"1"}', '参数错误：courseId 应为整数，实际为文本'],
    ['/api/course/state', '[]', '参数错误：请求体 应为对象，实际为数组'],
  ])('%s %s answers %s', async (path, body, msg) => {
    const res = await http(path, body);
    expect(res.code).not.toBe(CODE_SERVER);
    expect(res).toEqual(expect.objectContaining({ code: CODE_INVALID, msg }));
  });
});
