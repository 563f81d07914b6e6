/**
 * What every body schema shares, on the server and in the forms alike:
 * - integers bounded to PostgreSQL's `integer` (int4), so an id of 2147483648 is a parameter error, not a failed query;
 * - the Chinese messages of zod's issues (set once with z.config; a schema's own message still wins);
 * - the parameter-error message of the endpoint table, and the refusal of control characters in text.
 */
import { z } from 'zod';

export const INT4_MAX = 2_147_483_647;

/** A row id: 1..2147483647. Every other integer that reaches an int4 column (page numbers, sizes, scores, years) is a z.int32() too. */
export const id = z.int32().positive();

const TYPE_NAMES: Record<string, string> = {
  number: '数字',
  int: '整数',
  bigint: '整数',
  string: '文本',
  object: '对象',
  record: '对象',
  map: '对象',
  array: '数组',
  tuple: '数组',
  set: '数组',
  boolean: '布尔值',
  null: '空值',
  date: '日期',
};

function typeOf(input: unknown): string {
  if (input === null) return '空值';
  if (Array.isArray(input)) return '数组';
  return TYPE_NAMES[typeof input] ?? '不支持的类型';
}

function lengthUnit(origin: string): string {
  return origin === 'string' ? '个字符' : '项';
}

type Issue = z.core.$ZodRawIssue;

/** z.int32() and z.number().int() report a wrong type as 'number'; the message says 整数. */
function isIntSchema(inst: unknown): boolean {
  const format = (inst as { _zod?: { def?: { format?: unknown } } } | undefined)?._zod?.def?.format;
  return typeof format === 'string' && /int/.test(format);
}

/** The Chinese message of one issue (without the field, which describeIssues puts in front). */
export function issueMessage(issue: Issue): string {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type':
      if (input === undefined) return '缺少参数';
      if (typeof input === 'number' && !Number.isFinite(input)) return '数值无效';
      if (issue.expected === 'int' && typeof input === 'number') return '应为整数';
      return `应为${TYPE_NAMES[isIntSchema(issue.inst) ? 'int' : issue.expected] ?? '其他类型'}，实际为${typeOf(input)}`;
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `不能小于${min}` : `应大于${min}`;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        if (issue.exact) return `长度应为${min}${lengthUnit(issue.origin)}`;
        if (Number(issue.minimum) <= 1) return '不能为空';
        return `不能少于${min}${lengthUnit(issue.origin)}`;
      }
      return `不能小于${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return issue.inclusive ? `不能大于${max}` : `应小于${max}`;
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return issue.exact ? `长度应为${max}${lengthUnit(issue.origin)}` : `不能超过${max}${lengthUnit(issue.origin)}`;
      }
      return `不能大于${max}`;
    }
    case 'not_multiple_of':
      return `应为${String(issue.divisor)}的倍数`;
    case 'invalid_value':
      return input === undefined ? '缺少参数' : '取值无效';
    case 'invalid_union':
      if (input === undefined) return '缺少参数';
      if (typeof input === 'number' && !Number.isFinite(input)) return '数值无效';
      // A union of literals (gender 1 | 2): the value is not one of them; the allowed values are not listed.
      return issue.errors.length > 0 && issue.errors.every((branch) => branch.every((i) => i.code === 'invalid_value'))
        ? '取值无效'
        : '格式不正确';
    case 'unrecognized_keys':
      return '含有不支持的字段';
    case 'invalid_key':
      return '键名格式不正确';
    case 'invalid_element':
      return '元素格式不正确';
    case 'invalid_format':
    case 'custom':
    default:
      return '格式不正确';
  }
}

// jitless in the browser: zod's compiled fast path first probes `new Function`, which the pages' Content-Security-Policy
// (no 'unsafe-eval') refuses and the browser reports as a violation. The server keeps the fast path.
z.config({ customError: (issue) => issueMessage(issue), jitless: typeof window !== 'undefined' });

/** C0 control characters other than tab, line feed and carriage return (NUL cannot even be stored by PostgreSQL). */
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** The path of the first string (or object key) in a value that holds a control character, or null. */
export function controlCharPath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = controlCharPath(value[i], [...path, i]);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_CHARS.test(key)) return path;
      const hit = controlCharPath(item, [...path, key]);
      if (hit) return hit;
    }
  }
  return null;
}

export const CONTROL_CHAR_MSG = '含有不允许的控制字符';

/** A field name for a message: the API's name, never more of the caller's input than a short, printable key. */
function fieldName(path: readonly PropertyKey[]): string {
  if (!path.length) return '请求体';
  return path
    .map((p) =>
      String(p)
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .slice(0, 40),
    )
    .join('.');
}

/** '参数错误：<field> <message>' for a refused value. */
export function paramError(path: readonly PropertyKey[], message: string): string {
  return `参数错误：${fieldName(path)} ${message}`;
}

/**
 * '参数错误：pageSize 不能大于100' — the first issue, naming the field, never echoing the input. When several
 * bounds of one field fail (the int4 range and the schema's own maximum), the tightest is named.
 */
export function describeIssues(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return paramError([], '格式不正确');
  let chosen: z.core.$ZodIssue = first;
  const samePath = (i: z.core.$ZodIssue) =>
    i.code === first.code && i.path.length === first.path.length && i.path.every((p, n) => p === first.path[n]);
  for (const other of error.issues.filter(samePath)) {
    if (other.code === 'too_big' && chosen.code === 'too_big' && Number(other.maximum) < Number(chosen.maximum))
      chosen = other;
    if (other.code === 'too_small' && chosen.code === 'too_small' && Number(other.minimum) > Number(chosen.minimum))
      chosen = other;
  }
  return paramError(chosen.path, chosen.message);
}

/** The body of a call that takes no parameters (anything sent is stripped). */
export const emptySchema = z.object({});
