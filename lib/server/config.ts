/**
 * The server's configuration: every environment variable the server reads, in one zod schema, parsed once and
 * typed (README, Configuration). A wrong value stops the start (instrumentation.ts calls checkConfig) with a message
 * in Chinese and English naming the variable, instead of a failure on the first request that needs it.
 *
 * Reads of variables that must also work in proxy.ts (the edge runtime: PORTAL_HOSTS, PORTAL_ORIGINS, PORT,
 * PORTAL_TEST_HOOKS in lib/variants) and in the browser (NEXT_PUBLIC_*, inlined at build time) stay where they are;
 * they are still validated here at start.
 *
 * Tests change process.env between cases: under NODE_ENV=test the parsed value is kept only while the variables are
 * unchanged (resetConfigForTests() drops it too).
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseHostRules, VARIANT_KEYS } from '@/lib/variants';
import { processState } from './process-state';

/** One bilingual message: `必须是正整数 / must be a positive integer`. */
const msg = (zh: string, en: string) => `${zh} / ${en}`;
const M = {
  positiveInt: msg('必须是正整数', 'must be a positive integer'),
  positiveNumber: msg('必须是正数', 'must be a positive number'),
  port: msg('必须是 1-65535 的端口号', 'must be a port number from 1 to 65535'),
  flag: msg('只能是 0 或 1', 'must be 0 or 1'),
  url: msg('必须是 http:// 或 https:// 开头的网址', 'must be an http:// or https:// URL'),
  postgres: msg('必须是 postgres:// 或 postgresql:// 开头的连接地址', 'must be a postgres:// or postgresql:// URL'),
  smtp: msg('必须是 smtp:// 或 smtps:// 开头的地址', 'must be an smtp:// or smtps:// URL'),
  seed: msg('只能是 demo 或 none', 'must be demo or none'),
  nodeEnv: msg('只能是 development、production 或 test', 'must be development, production or test'),
  secret: msg('至少 16 个字符', 'must be at least 16 characters'),
  hosts: msg(
    '格式为 主机=站点[:dx]，以逗号分隔，站点是 ' + VARIANT_KEYS.join('、'),
    'must be host=variant[:dx], comma-separated, variant one of ' + VARIANT_KEYS.join(', '),
  ),
  origins: msg('格式为 站点=https://...，以逗号分隔', 'must be variant=https://..., comma-separated'),
  logLevel: msg(
    '只能是 fatal、error、warn、info、debug、trace 或 silent',
    'must be fatal, error, warn, info, debug, trace or silent',
  ),
  addresses: msg('必须是以逗号分隔的 IP 地址', 'must be comma-separated IP addresses'),
  originList: msg('必须是以逗号分隔的 http(s) 源地址', 'must be comma-separated http(s) origins'),
  count: msg('必须是非负整数', 'must be a whole number, 0 or more'),
  roleQuotas: msg(
    '格式为 角色=次数，以逗号分隔（次数为非负整数）',
    'must be role=count, comma-separated (count a whole number, 0 or more)',
  ),
};

/** Unset and empty are the same for most variables (`X=` in a unit file or compose file means "not set"). */
const unsetIfEmpty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(schema: T) => z.preprocess(unsetIfEmpty, schema.optional());

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const hasScheme = (schemes: string[]) => (v: string) => {
  try {
    return schemes.includes(new URL(v).protocol);
  } catch {
    return false;
  }
};
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const text = opt(z.string());
const httpUrl = opt(z.string().refine(isHttpUrl, M.url));
const positiveInt = (fallback: number) =>
  opt(
    z
      .string()
      .regex(/^\d+$/, M.positiveInt)
      .transform(Number)
      .refine((n) => n > 0 && Number.isSafeInteger(n), M.positiveInt),
  ).transform((n) => n ?? fallback);
const positiveNumber = (fallback: number) =>
  opt(
    z
      .string()
      .refine((s) => /^\d+(\.\d+)?$/.test(s.trim()) && Number(s) > 0, M.positiveNumber)
      .transform(Number),
  ).transform((n) => n ?? fallback);
/** A count that may be 0 (0 turns the thing it counts off). */
const count = (fallback: number) =>
  opt(z.string().regex(/^\d+$/, M.count).transform(Number).refine(Number.isSafeInteger, M.count)).transform(
    (n) => n ?? fallback,
  );
/** `role=count,role=count`: per-role overrides of a daily count. */
const roleCounts = opt(
  z
    .string()
    .transform(list)
    .refine((items) => items.every((i) => /^[^=\s]+=\d+$/.test(i)), M.roleQuotas)
    .transform((items) => Object.fromEntries(items.map((i) => i.split('=')).map(([k, v]) => [k, Number(v)]))),
).transform((m) => (m ?? {}) as Record<string, number>);
/** `1` on, `0` (or unset) off. */
const flag = (fallback: boolean) =>
  opt(z.enum(['0', '1'], { error: M.flag })).transform((v) => (v === undefined ? fallback : v === '1'));

const schema = z.object({
  NODE_ENV: opt(z.enum(['development', 'production', 'test'], { error: M.nodeEnv })).transform(
    (v) => v ?? 'development',
  ),
  PORT: opt(
    z
      .string()
      .regex(/^\d+$/, M.port)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, M.port),
  ).transform((n) => n ?? 3000),

  // Database and demo data
  DATA_DIR: text,
  DATABASE_URL: opt(z.string().refine(hasScheme(['postgres:', 'postgresql:']), M.postgres)),
  DB_POOL_SIZE: positiveInt(10),
  /** Demo data on an empty database only when asked (npm start on the embedded default asks). */
  SEED: opt(z.enum(['demo', 'none'], { error: M.seed })).transform((v) => v ?? 'none'),
  SEED_SCALE: positiveInt(1),
  /** Extra learners made in bulk by the demo seed (the unit report's benchmark: 50000), spread over the organisations. */
  SEED_LEARNERS: positiveInt(0),

  // Hosts, origins, sessions, requests
  PORTAL_HOSTS: opt(
    z.string().refine((v) => {
      const entries = list(v);
      return entries.length > 0 && parseHostRules(v).length === entries.length;
    }, M.hosts),
  ),
  /**
   * Tenants (SPEC 7 requestSiteTenantId, currentTenantOrgName): host -> organisation, `host=机构名`, comma-separated,
   * a host may be a `*.example.cn` wildcard. Default: `column.localhost=继续教育学院`.
   */
  PORTAL_TENANTS: opt(
    z
      .string()
      .refine(
        (v) => list(v).every((p) => /^[^=\s]+=\S.*$/.test(p)),
        msg('格式为 主机=机构名，以逗号分隔', 'must be host=organisation, comma-separated'),
      ),
  ),
  PORTAL_ORIGINS: opt(
    z.string().refine(
      (v) =>
        list(v).every((part) => {
          const [name, origin] = part.split('=').map((s) => s.trim());
          return (VARIANT_KEYS as readonly string[]).includes(name) && !!origin && isHttpUrl(origin);
        }),
      M.origins,
    ),
  ),
  SESSION_SECRET: opt(z.string().min(16, M.secret)),
  API_BASE_URL: httpUrl,
  API_ALLOWED_ORIGINS: opt(z.string().refine((v) => list(v).every(isHttpUrl), M.originList)),
  TRUST_PROXY: flag(false),
  REDIRECT_ALLOWED_HOSTS: text,
  METRICS_ALLOW: opt(
    z.string().refine((v) => list(v).length > 0 && list(v).every((a) => isIP(a) !== 0), M.addresses),
  ).transform((v) => (v ? list(v) : ['127.0.0.1', '::1'])),
  LOG_LEVEL: opt(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: M.logLevel }),
  ).transform((v) => v ?? 'info'),

  // Mail
  SMTP_URL: opt(z.string().refine(hasScheme(['smtp:', 'smtps:']), M.smtp)),
  MAIL_FROM: text,
  /**
   * SMS (password retrieval by SMS): Aliyun's SMS service (dysmsapi SendSms) when the access key is set; otherwise
   * every message is written to DATA_DIR/outbox as a .sms file, like mail without SMTP_URL.
   */
  ALIYUN_SMS_ACCESS_KEY_ID: text,
  ALIYUN_SMS_ACCESS_KEY_SECRET: text,
  ALIYUN_SMS_SIGN_NAME: text,
  ALIYUN_SMS_TEMPLATE_CODE: text,
  ALIYUN_SMS_ENDPOINT: opt(z.string().refine(isHttpUrl, M.url)).transform((v) => v ?? 'https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_REGION: opt(z.string()).transform((v) => v ?? 'cn-hangzhou'),

  // Single sign-on (the passport)
  PASSPORT_ISSUER: httpUrl,
  PASSPORT_HTTP_CLIENT_ID: text,
  PASSPORT_HTTPS_CLIENT_ID: text,
  PASSPORT_CLIENT_SECRET: text,
  PASSPORT_REDIRECT_URI: httpUrl,
  PASSPORT_REGISTER_URL: httpUrl,
  PASSPORT_LINK_PROMPT: flag(true),
  /**
   * CAS single sign-on (protocol 3.0): the CAS server's base URL (its /login and /p3/serviceValidate); off when unset.
   * CAS_USER_ATTRIBUTE: the attribute whose value names the portal account (login name or e-mail); default cas:user.
   */
  CAS_URL: httpUrl,
  CAS_USER_ATTRIBUTE: text,
  /** WeChat open-platform website login (login type 17): the website application's AppID and AppSecret. */
  WECHAT_APPID: text,
  WECHAT_SECRET: text,
  /** WeChat's addresses: the QR page (qrconnect) and the API (sns/oauth2/access_token, sns/userinfo); for stand-ins. */
  WECHAT_OPEN_URL: opt(z.string().refine(isHttpUrl, M.url)).transform((v) => v ?? 'https://open.weixin.qq.com'),
  WECHAT_API_URL: opt(z.string().refine(isHttpUrl, M.url)).transform((v) => v ?? 'https://api.weixin.qq.com'),
  STATION_PROMPT: flag(true),
  /** Days a browser that passed the TOTP second factor may skip it (at most 30; 0: never remembered). */
  TOTP_REMEMBER_DAYS: count(30).refine((n) => n <= 30, msg('不能超过30（天）', 'must be at most 30 (days)')),
  /** The issuer an authenticator app shows beside the account (the otpauth URI's issuer). */
  TOTP_ISSUER: opt(z.string().max(64)).transform((v) => v || '继续教育平台'),

  // Other systems and addresses shown to users
  NEXT_PUBLIC_CMS_URL: text,
  NEXT_PUBLIC_API_BASE_URL: text,
  NEXT_PUBLIC_FEEDBACK_URL: text,
  OLD_CMS_URL: httpUrl,
  OLD_CMS_SECRET: text,
  STU_URL: text,
  APP_ANDROID_URL: httpUrl,
  APP_IOS_URL: httpUrl,
  PORTAL_OTHER_SITES: text,
  PORTAL_CONTACT_EMAIL: text,
  /** Login type 4 (SPEC 2.6): the contacts of a retrieval by hand; each shown only when set. */
  MANUAL_RETRIEVAL_EMAIL: text,
  MANUAL_RETRIEVAL_PHONE: text,
  /** Up to two chat groups, `label=number`, comma-separated: `学员QQ群一=612345678,学员QQ群二=734567890`. */
  MANUAL_RETRIEVAL_GROUPS: opt(
    z
      .string()
      .refine(
        (v) => list(v).every((p) => /^[^=]+=.+$/.test(p)),
        msg('格式为 名称=号码，以逗号分隔', 'must be label=number, comma-separated'),
      ),
  ),

  // The AI assistant and AI subtitles
  LLM_BASE_URL: httpUrl,
  LLM_API_KEY: text,
  LLM_MODEL: text,
  /** Questions a user may ask the assistant a day (Beijing time), counted in the database for every instance. */
  ASSISTANT_DAILY_QUOTA: count(20),
  /** Per-role overrides (`teacher=50,student=0`; roles are the audience and the management roles); 0 hides it. */
  ASSISTANT_ROLE_QUOTAS: roleCounts,
  /** Questions the whole site may ask a day, so the model's cost is bounded; 0 turns the assistant off. */
  ASSISTANT_SITE_DAILY_QUOTA: count(2000),
  /** Unset: whisper-1; set empty: AI subtitles off (so empty is not "unset" here). */
  LLM_TRANSCRIBE_MODEL: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? 'whisper-1' : v.trim() || null)),

  /** The font embedded in certificate PDFs: a font file, `path#PostScriptName` for a collection (.ttc). */
  CERT_FONT: text,

  // Uploads and media
  UPLOAD_DIR: text,
  FFMPEG_PATH: opt(z.string()).transform((v) => v ?? 'ffmpeg'),
  UPLOAD_SESSION_MAX_AGE_HOURS: positiveNumber(24),
  STORAGE_URL: opt(
    z
      .string()
      .refine(
        hasScheme(['s3:', 'http:', 'https:']),
        msg('必须是 s3://、http:// 或 https:// 开头的地址', 'must be an s3://, http:// or https:// URL'),
      ),
  ),
  STORAGE_PUBLIC_URL: httpUrl,
  STORAGE_PRESIGN_SECONDS: opt(
    z.string().regex(/^\d+$/, msg('必须是非负整数', 'must be a whole number of seconds')).transform(Number),
  ).transform((n) => n ?? 3600),
  ACCEL_REDIRECT_PREFIX: opt(z.string().startsWith('/', msg('必须以 / 开头', 'must start with /'))),
  /** ffprobe beside ffmpeg (the transcoding job reads a source's size and length with it). */
  FFPROBE_PATH: opt(z.string()).transform((v) => v ?? 'ffprobe'),
  /** Threads of one transcode, so a transcode leaves the other cores to the site. */
  FFMPEG_THREADS: positiveInt(2),
  /**
   * Signs play tickets and segment URLs (HMAC, and nginx's secure_link MD5, which needs the same value in
   * deploy/nginx.conf). Unset: derived from the session secret (one instance without nginx).
   */
  MEDIA_SECRET: opt(z.string().min(16, M.secret)),
  /** How long a play ticket (and the segment URLs of its playlists) stays valid. */
  MEDIA_TICKET_SECONDS: positiveInt(6 * 3600),
  UPLOAD_SCRATCH_QUOTA_MB: positiveNumber(4096),
  UPLOAD_STORED_QUOTA_MB: positiveNumber(2048),
  UPLOAD_STAFF_STORED_QUOTA_MB: positiveNumber(50 * 1024),

  // Jobs
  JOBS_WORKERS: flag(true),
  JOBS_POOL_SIZE: positiveInt(4),

  // Live classes (services/live, deploy/nginx-rtmp.conf)
  /** The stream address shown to teachers, e.g. rtmp://live.example.cn/live; default rtmp://<the page's host>/live. */
  LIVE_RTMP_URL: opt(
    z.string().refine(hasScheme(['rtmp:', 'rtmps:']), msg('必须是 rtmp:// 地址', 'must be an rtmp:// URL')),
  ),
  /** Where the portal fetches live HLS when it relays /media/live-hls/ itself (no nginx in front): the ingest's hls location. */
  LIVE_HLS_UPSTREAM: httpUrl.transform((v) => (v ?? 'http://127.0.0.1:8080/hls').replace(/\/+$/, '')),
  /** nginx-rtmp's control location (deploy/nginx-rtmp.conf /control): a regenerated key drops the stream using the old one. */
  LIVE_CONTROL_URL: httpUrl,
  /** The folder nginx-rtmp records broadcasts into (its record_path), read by the job that packages the replay. */
  LIVE_RECORD_DIR: text,
  /** Minutes before the start and after the end of a class during which its key may publish. */
  LIVE_PUBLISH_MARGIN_MINUTES: opt(
    z.string().regex(/^\d+$/, msg('必须是非负整数', 'must be a whole number of minutes')).transform(Number),
  ).transform((n) => n ?? 30),
  /** Addresses allowed to call the ingest's callbacks (/api/live/ingest/*): the nginx-rtmp hosts. */
  LIVE_INGEST_ALLOW: opt(
    z.string().refine((v) => list(v).length > 0 && list(v).every((a) => isIP(a) !== 0), M.addresses),
  ).transform((v) => (v ? list(v) : ['127.0.0.1', '::1'])),

  // Security
  PUBLIC_ORIGIN: opt(z.string().refine(hasScheme(['http:', 'https:']), M.url)),
  RATE_LIMITS: opt(z.enum(['on', 'off'], { error: msg('只能是 on 或 off', 'must be on or off') })).transform(
    (v) => v !== 'off',
  ),

  PORTAL_TEST_HOOKS: flag(false),
});

export type Config = z.output<typeof schema>;
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Config)[];

/** A configuration that cannot be used; `message` names every wrong variable, in Chinese and English. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`配置错误 / invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment (process.env by default); throws ConfigError. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const input: Record<string, string | undefined> = {};
  for (const key of CONFIG_VARIABLES) input[key] = env[key];
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${String(issue.path[0] ?? '?')} ${issue.message}`);
  throw new ConfigError([...new Set(problems)]);
}

const envKey = () => CONFIG_VARIABLES.map((k) => process.env[k] ?? '\u0000').join('\u0001');

// One parsed configuration for the process (Next.js loads this module once per kind of entry: lib/server/process-state).
const state = processState<{ value?: Config; key?: string }>('config', () => ({}));

/** The configuration, parsed on first use and kept. */
export function config(): Config {
  if (state.value && (process.env.NODE_ENV !== 'test' || state.key === envKey())) return state.value;
  const key = process.env.NODE_ENV === 'test' ? envKey() : undefined;
  state.value = parseConfig();
  state.key = key;
  return state.value;
}

/** Drops the parsed configuration: the next config() reads process.env again. */
export function resetConfigForTests(): void {
  state.value = undefined;
  state.key = undefined;
}

/**
 * The start-up check (instrumentation.ts): parses the configuration, and on a wrong value prints why and ends the
 * process, so that an instance with a bad setting never joins the others.
 */
export function checkConfig(exit: (code: number) => never = process.exit): Config {
  try {
    resetConfigForTests();
    return config();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`${err.message.replace(/; /g, '\n  ')}\n`);
    return exit(1);
  }
}
