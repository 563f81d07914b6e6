/**
 * The parameter errors of the endpoint table (lib/validation/common): clear Chinese for every kind of zod issue,
 * the field named, the input never echoed; integers bounded to int4; control characters found wherever they are.
 */
import { z } from 'zod';
import { controlCharPath, describeIssues, id, INT4_MAX } from '@/lib/validation/common';
import { paging, trainFiltersSchema } from '@/lib/validation/catalogue';
import { heartbeatSchema } from '@/lib/validation/learning';
import { updateInfoSchema } from '@/lib/validation/accounts';

const message = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body);
  if (parsed.success) throw new Error(`accepted ${JSON.stringify(body)}`);
  return describeIssues(parsed.error);
};

const schema = z.object({
  courseId: id,
  pageNum: z.int32().min(1).max(100).default(1),
  title: z.string().trim().min(1).max(5).optional(),
  code: z.string().min(4).optional(),
  flag: z.boolean().optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  kind: z.enum(['teacher', 'org']).optional(),
  gender: z.union([z.literal(1), z.literal(2)]).optional(),
  answer: z.union([z.int32(), z.string()]).optional(),
  answers: z.record(z.string().regex(/^\d{1,3}$/), z.int32()).optional(),
  nested: z.object({ score: z.int32().min(1).max(5) }).optional(),
  md5: z
    .string()
    .regex(/^[a-f0-9]{32}$/)
    .optional(),
  step: z.number().multipleOf(5).optional(),
  mine: z.string().max(3, '自定义提示').optional(),
});
const ok = { courseId: 1 };

describe('the Chinese message of each kind of issue', () => {
  it.each<[string, unknown, string]>([
    ['missing field', {}, '参数错误：courseId 缺少参数'],
    ['text for a number', { courseId: 'x' }, '参数错误：courseId 应为整数，实际为文本'],
    ['a fraction for an integer', { courseId: 1.5 }, '参数错误：courseId 应为整数'],
    ['null', { courseId: null }, '参数错误：courseId 应为整数，实际为空值'],
    ['an array', { courseId: [1] }, '参数错误：courseId 应为整数，实际为数组'],
    ['an object', { courseId: {} }, '参数错误：courseId 应为整数，实际为对象'],
    ['a boolean', { courseId: true }, '参数错误：courseId 应为整数，实际为布尔值'],
    ['1e400 (Infinity)', { ...ok, pageNum: Infinity }, '参数错误：pageNum 数值无效'],
    ['-Infinity', { courseId: -Infinity }, '参数错误：courseId 数值无效'],
    ['an id of 2147483648', { courseId: 2147483648 }, '参数错误：courseId 不能大于2147483647'],
    ['an id of 0', { courseId: 0 }, '参数错误：courseId 应大于0'],
    ['too small', { ...ok, pageNum: 0 }, '参数错误：pageNum 不能小于1'],
    ['too large: the tighter bound is named', { ...ok, pageNum: 2147483648 }, '参数错误：pageNum 不能大于100'],
    ['too large', { ...ok, pageNum: 101 }, '参数错误：pageNum 不能大于100'],
    ['empty text', { ...ok, title: '  ' }, '参数错误：title 不能为空'],
    ['text too short', { ...ok, code: 'ab' }, '参数错误：code 不能少于4个字符'],
    ['text too long', { ...ok, title: '一二三四五六' }, '参数错误：title 不能超过5个字符'],
    ['a number for text', { ...ok, title: 5 }, '参数错误：title 应为文本，实际为数字'],
    ['a string for a boolean', { ...ok, flag: 'yes' }, '参数错误：flag 应为布尔值，实际为文本'],
    ['an object for an array', { ...ok, tags: {} }, '参数错误：tags 应为数组，实际为对象'],
    ['an empty array', { ...ok, tags: [] }, '参数错误：tags 不能为空'],
    ['too many items', { ...ok, tags: ['a', 'b', 'c'] }, '参数错误：tags 不能超过2项'],
    ['an element of the wrong type', { ...ok, tags: ['a', 1] }, '参数错误：tags.1 应为文本，实际为数字'],
    ['a value not in an enum (nothing listed)', { ...ok, kind: 'admin' }, '参数错误：kind 取值无效'],
    ['a value not in a union of literals', { ...ok, gender: 3 }, '参数错误：gender 取值无效'],
    ['a union of types', { ...ok, answer: {} }, '参数错误：answer 格式不正确'],
    ['a record key of the wrong form', { ...ok, answers: { abcd: 1 } }, '参数错误：answers.abcd 键名格式不正确'],
    ['a nested field', { ...ok, nested: { score: 6 } }, '参数错误：nested.score 不能大于5'],
    ['a pattern', { ...ok, md5: 'xyz' }, '参数错误：md5 格式不正确'],
    ['a multiple', { ...ok, step: 3 }, '参数错误：step 应为5的倍数'],
    ["a schema's own message wins", { ...ok, mine: 'abcd' }, '参数错误：mine 自定义提示'],
    ['an array body', [], '参数错误：请求体 应为对象，实际为数组'],
  ])('%s', (_name, body, expected) => {
    expect(message(schema, body)).toBe(expected);
  });

  it('no message is English, and none echoes the value', () => {
    const bodies = [
      {},
      { courseId: 'secret-text' },
      { courseId: 1.5 },
      { courseId: Infinity },
      { ...ok, kind: 'secret-kind' },
      { ...ok, title: 'secret-long' },
    ];
    for (const body of bodies) {
      const msg = message(schema, body);
      expect(msg).toMatch(/^参数错误：(courseId|kind|title) /);
      expect(msg.replace(/^参数错误：\S+ /, '')).not.toMatch(/[A-Za-z]|期望|实际接收/);
      expect(msg).not.toMatch(/secret/);
    }
  });

  it("the shared schemas: paging, a train filter, a heartbeat's seconds, the account's remark", () => {
    expect(message(paging, { pageNum: Infinity })).toBe('参数错误：pageNum 数值无效');
    expect(message(paging, { pageSize: 1.5 })).toBe('参数错误：pageSize 应为整数');
    expect(message(trainFiltersSchema, { orgSource: 2147483648 })).toBe('参数错误：orgSource 不能大于2147483647');
    expect(
      message(heartbeatSchema, {
        submitId: 'abcdefgh',
        courseId: 1,
        chapterId: 1,
        position: Infinity,
        from: 0,
        to: 1,
        watched: 1,
      }),
    ).toBe('参数错误：position 数值无效');
    expect(message(updateInfoSchema, { operatorName: '王', gender: 1, remark: '长'.repeat(201) })).toBe(
      '参数错误：remark 不能超过200个字符',
    );
    expect(message(updateInfoSchema, { operatorName: '王', gender: 3 })).toBe('参数错误：gender 取值无效');
  });
});

describe('ids and every int4 integer', () => {
  it('accept 1..2147483647 and refuse 2147483648', () => {
    expect(id.safeParse(INT4_MAX).success).toBe(true);
    expect(id.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(id.safeParse(1).success).toBe(true);
  });
});

describe('control characters in text', () => {
  it.each<[unknown, PropertyKey[] | null]>([
    [{ key: 'a\u0000b' }, ['key']],
    [{ a: 'ok', b: { c: ['x', 'y\u0007'] } }, ['b', 'c', 1]],
    [{ answers: { '3': 'x\u001f' } }, ['answers', '3']],
    [{ 'bad\u0000key': 'x' }, []],
    ['\u0000', []],
    [{ text: '第一行\n第二行\r\n\t缩进' }, null],
    [{ n: 1, b: true, z: null, s: '普通文本 <b> & \u007f' }, null],
  ])('%j -> %j', (value, path) => {
    expect(controlCharPath(value)).toEqual(path);
  });
});
