/**
 * The server's configuration: every environment variable the server reads, in one zod schema, parsed once and
 * typed. Each variable's `.describe()` text is its documentation: `npm run docs:config` (scripts/config-docs.ts)
 * writes docs/configuration.md and .env.example from this schema, and a unit test fails when they are out of date.
 * A wrong value stops the start (instrumentation.ts calls checkConfig) with a message in Chinese and English naming
 * the variable, instead of a failure on the first request that needs it.
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
  NODE_ENV: opt(z.enum(['development', 'production', 'test'], { error: M.nodeEnv }))
    .transform((v) => v ?? 'development')
    .describe(
      '`production` for a production start: `npm start` then never builds and never seeds unless `SEED=demo` (operating.md). `npm run dev` and the tests set it themselves',
    ),
  PORT: opt(
    z
      .string()
      .regex(/^\d+$/, M.port)
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65535, M.port),
  )
    .transform((n) => n ?? 3000)
    .describe('port of `npm start`'),

  // Database and demo data
  DATA_DIR: text.describe(
    'folder of the embedded database, outbox and uploads (default `./data`); `memory` keeps the database in memory',
  ),
  DATABASE_URL: opt(z.string().refine(hasScheme(['postgres:', 'postgresql:']), M.postgres)).describe(
    '`postgres://...`: use a PostgreSQL server instead of the embedded PGlite (same schema and migrations). With the server on the same machine its Unix socket works too: `postgres://user:password@/dbname?host=/var/run/postgresql` (`pg_hba.conf` needs a `local` line with `scram-sha-256` for that user); it holds up better than TCP loopback on a busy machine (docs/benchmarks.md)',
  ),
  DB_POOL_SIZE: positiveInt(10).describe('connections in the PostgreSQL pool'),
  SEED: opt(z.enum(['demo', 'none'], { error: M.seed }))
    .transform((v) => v ?? 'none')
    .describe(
      '`demo`: an empty database gets the demo data (accounts with known passwords, the catalogue); `none`: it stays empty and the first administrator is made with `npm run admin`. `npm start` sets `demo` itself on the embedded database (no `DATABASE_URL`, `NODE_ENV` not `production`), as do `npm run dev`, the tests and the benchmarks; a production start or one on PostgreSQL never seeds unless `SEED=demo` is given',
    ),
  SEED_SCALE: positiveInt(1).describe('multiplies the amount of demo data'),
  SEED_LEARNERS: positiveInt(0).describe(
    "extra learners made in bulk by the demo seed (by SQL, login names `b000001`...), round-robin over the organisations, each with study records of this year: the unit report's benchmark uses 50000",
  ),

  // Hosts, origins, sessions, requests
  PORTAL_HOSTS: opt(
    z.string().refine((v) => {
      const entries = list(v);
      return entries.length > 0 && parseHostRules(v).length === entries.length;
    }, M.hosts),
  ).describe(
    "host -> variant table, comma-separated `host=variant[:dx]`, a host may be a `*.example.cn` wildcard (default: the `*.localhost` table of the README's Hosts)",
  ),
  PORTAL_TENANTS: opt(
    z
      .string()
      .refine(
        (v) => list(v).every((p) => /^[^=\s]+=\S.*$/.test(p)),
        msg('格式为 主机=机构名，以逗号分隔', 'must be host=organisation, comma-separated'),
      ),
  ).describe(
    "hosts' tenant organisations (SPEC 7 `requestSiteTenantId`, `currentTenantOrgName`): comma-separated `host=机构名`, a host may be a `*.example.cn` wildcard; the organisation is a row of `orgs` (by name) and the tenant id its id. Default `column.localhost=继续教育学院`. A platform host (column, party school) with a tenant shows its name beside the site title",
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
  ).describe(
    'public origin per variant for canonical URLs, sitemaps and mail links, e.g. `main=https://edu.example.cn,party=https://party.example.cn` (default: the default host on `PORT`)',
  ),
  SESSION_SECRET: opt(z.string().min(16, M.secret)).describe(
    'key of the signed identity and device cookies (16+ characters); default: a random one kept in `DATA_DIR/session-secret` (set it when several instances serve one site)',
  ),
  API_BASE_URL: httpUrl.describe(
    'server side: call an external backend over HTTP instead of the in-process endpoint table',
  ),
  API_ALLOWED_ORIGINS: opt(z.string().refine((v) => list(v).every(isHttpUrl), M.originList)).describe(
    'extra origins allowed to POST to the API; any other cross-site request gets 非法的跨站请求',
  ),
  TRUST_PROXY: flag(false).describe(
    "`1`: the server runs behind a reverse proxy of its own; the client's address (sign-in throttling, rate limits) is then the last `X-Forwarded-For` entry, else `X-Real-IP`. Without it, the socket's address, stamped on each request at start-up (`instrumentation.ts`); forwarded headers are ignored",
  ),
  REDIRECT_ALLOWED_HOSTS: text.describe(
    'extra hosts a login may redirect to (`*.example.cn` wildcards); others are dropped',
  ),
  METRICS_ALLOW: opt(z.string().refine((v) => list(v).length > 0 && list(v).every((a) => isIP(a) !== 0), M.addresses))
    .transform((v) => (v ? list(v) : ['127.0.0.1', '::1']))
    .describe(
      "addresses (comma-separated) that may read `/metrics`; any other gets a 404. A direct request is judged by its socket's address; a request relayed by a proxy (it carries X-Forwarded-For) is answered only with `TRUST_PROXY=1`, and only when both the proxy and the last X-Forwarded-For entry are listed",
    ),
  LOG_LEVEL: opt(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: M.logLevel }))
    .transform((v) => v ?? 'info')
    .describe(
      "level of the server's JSON-line log (`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`); at `info` each request is one line. The scripts' servers (tests, benchmarks) run at `warn`",
    ),

  // Mail
  SMTP_URL: opt(z.string().refine(hasScheme(['smtp:', 'smtps:']), M.smtp)).describe(
    'mail server, `smtp://user:pass@host:587`; without it each message is written to `DATA_DIR/outbox/*.eml` and its link printed in the server log',
  ),
  MAIL_FROM: text.describe("the sender of the portal's mail"),
  ALIYUN_SMS_ACCESS_KEY_ID: text.describe(
    'password retrieval by SMS through Aliyun SMS (dysmsapi `SendSms`, signature v1): the access key id; without it and the secret each SMS is written to `DATA_DIR/outbox/*.sms` (like mail without `SMTP_URL`)',
  ),
  ALIYUN_SMS_ACCESS_KEY_SECRET: text.describe('the access key secret of Aliyun SMS'),
  ALIYUN_SMS_SIGN_NAME: text.describe('the SMS signature'),
  ALIYUN_SMS_TEMPLATE_CODE: text.describe('the SMS template (its one parameter is `code`)'),
  ALIYUN_SMS_ENDPOINT: opt(z.string().refine(isHttpUrl, M.url))
    .transform((v) => v ?? 'https://dysmsapi.aliyuncs.com')
    .describe("Aliyun SMS's address (the tests point it at a stand-in server)"),
  ALIYUN_SMS_REGION: opt(z.string())
    .transform((v) => v ?? 'cn-hangzhou')
    .describe("Aliyun SMS's region"),

  // Single sign-on (the passport)
  PASSPORT_ISSUER: httpUrl.describe(
    "the passport's OpenID Connect issuer URL: its discovery document (`/.well-known/openid-configuration`) gives the endpoints and the keys that sign its ID tokens. The client is `openid-client`: PKCE, state and nonce, the ID token's signature, issuer, audience and expiry checked, the answer's `iss` (RFC 9207) when sent; plain `http://` is accepted only for a loopback issuer (the local passport)",
  ),
  PASSPORT_HTTP_CLIENT_ID: text.describe(
    'passport client for pages served over http (empty: single sign-on not offered there)',
  ),
  PASSPORT_HTTPS_CLIENT_ID: text.describe(
    'passport client for pages served over https (empty: single sign-on not offered there)',
  ),
  PASSPORT_CLIENT_SECRET: text.describe("the passport clients' secret"),
  PASSPORT_REDIRECT_URI: httpUrl.describe("the passport's return address (default `<site>/home`)"),
  PASSPORT_REGISTER_URL: httpUrl.describe("the passport's registration page"),
  PASSPORT_LINK_PROMPT: flag(true).describe(
    '`0` turns off the passport prompts after password sign-ins (13 offers to link an account; 12 tells a linked one it may sign in by passport)',
  ),
  CAS_URL: httpUrl.describe(
    "the institution's CAS server (protocol 3.0), e.g. `https://cas.example.cn/cas`: the login dialog then offers 统一身份认证登录 (`isCas` answers true), which goes to `${CAS_URL}/login?service=…`; the ticket is validated at `${CAS_URL}/p3/serviceValidate`. Off when unset",
  ),
  CAS_USER_ATTRIBUTE: text.describe(
    'the CAS attribute whose value names the portal account (its login name or e-mail), e.g. `mail`; default: `cas:user` itself',
  ),
  WECHAT_APPID: text.describe(
    "WeChat open-platform website application (网站应用) for QR login: login type 17 (考试登录) then shows WeChat's QR code instead of the portal's own",
  ),
  WECHAT_SECRET: text.describe("the WeChat application's secret, used by the server only"),
  WECHAT_OPEN_URL: opt(z.string().refine(isHttpUrl, M.url))
    .transform((v) => v ?? 'https://open.weixin.qq.com')
    .describe(
      "WeChat's QR page base (the tests point it at a stand-in). The pages' CSP allows `https://open.weixin.qq.com` in a frame, plus this origin when it is set at build time",
    ),
  WECHAT_API_URL: opt(z.string().refine(isHttpUrl, M.url))
    .transform((v) => v ?? 'https://api.weixin.qq.com')
    .describe("WeChat's API base (`sns/oauth2/access_token`, `sns/userinfo`; the tests point it at a stand-in)"),
  STATION_PROMPT: flag(true).describe('`0` turns off the daily post-station prompt'),
  TOTP_REMEMBER_DAYS: count(30)
    .refine((n) => n <= 30, msg('不能超过30（天）', 'must be at most 30 (days)'))
    .describe(
      'days a browser that passed the TOTP second factor may skip it (在此浏览器上记住我); `0` turns remembering off; more than 30 is refused at start',
    ),
  TOTP_ISSUER: opt(z.string().max(64))
    .transform((v) => v || '继续教育平台')
    .describe("the issuer name authenticator apps show beside the account (the otpauth URI's `issuer`)"),

  // Other systems and addresses shown to users
  NEXT_PUBLIC_CMS_URL: text.describe('the management address of 我的管理; read at build time'),
  NEXT_PUBLIC_API_BASE_URL: text.describe(
    'browser side: base URL of the API (default: same origin); read at build time',
  ),
  NEXT_PUBLIC_FEEDBACK_URL: text.describe(
    'address of the 意见反馈 link (default `/questionaire?id=feedback`); read at build time',
  ),
  OLD_CMS_URL: httpUrl.describe(
    'the old management system: when it and `OLD_CMS_SECRET` are set, 我的管理 opens its signed dynamic-key link',
  ),
  OLD_CMS_SECRET: text.describe("the key that signs the old management system's dynamic-key link"),
  STU_URL: text.describe('address of the student platform given to users after sign-in'),
  APP_ANDROID_URL: httpUrl.describe(
    "address of the app's Android package, shown as a link and QR code on `/app/index`; without the two app addresses the page says 安装包暂未发布",
  ),
  APP_IOS_URL: httpUrl.describe("address of the app's iOS package, shown as a link and QR code on `/app/index`"),
  PORTAL_OTHER_SITES: text.describe(
    "the footer's 院内其他网站 with their addresses, e.g. `院门户网站=https://www.example.cn/,院党建网=https://dangjian.example.cn/`; without it the names are shown without links",
  ),
  PORTAL_CONTACT_EMAIL: text.describe('the contact e-mail shown in the footer (left out when unset)'),
  MANUAL_RETRIEVAL_EMAIL: text.describe('login type 4 (人工找回): the e-mail address shown; only when set'),
  MANUAL_RETRIEVAL_PHONE: text.describe('login type 4 (人工找回): the telephone shown; only when set'),
  MANUAL_RETRIEVAL_GROUPS: opt(
    z
      .string()
      .refine(
        (v) => list(v).every((p) => /^[^=]+=.+$/.test(p)),
        msg('格式为 名称=号码，以逗号分隔', 'must be label=number, comma-separated'),
      ),
  ).describe(
    "type 4's chat groups, at most two: `学员QQ群一=612345678,学员QQ群二=734567890`. With none of the three `MANUAL_RETRIEVAL_*` set, type 4 tells the user to ask their unit's training manager",
  ),

  // The AI assistant and AI subtitles
  LLM_BASE_URL: httpUrl.describe(
    'the AI assistant: an OpenAI-compatible base URL (e.g. `https://host/v1`); the assistant is off without it',
  ),
  LLM_API_KEY: text.describe("the AI service's key, sent by the server only"),
  LLM_MODEL: text.describe("the assistant's model"),
  ASSISTANT_DAILY_QUOTA: count(20).describe(
    "questions a user may ask the assistant a day (China time), counted in the database for all instances so the model's cost is bounded. A question the model never answered is given back; the panel says how many are left (`/api/conversation/quota`)",
  ),
  ASSISTANT_ROLE_QUOTAS: roleCounts.describe(
    'per-role overrides of the daily questions, e.g. `teacher=50,student=0`: roles are the audience `general`/`party`/`student` and the management roles; the largest applies; 0 hides the assistant from that role',
  ),
  ASSISTANT_SITE_DAILY_QUOTA: count(2000).describe(
    'questions the whole site may ask the assistant a day; 0 turns it off',
  ),
  LLM_TRANSCRIBE_MODEL: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? 'whisper-1' : v.trim() || null))
    .describe(
      'AI subtitles: the speech-to-text model of the same service (`LLM_BASE_URL/audio/transcriptions`); set empty, AI subtitles are off. A learner who chose a course asks for a chapter without subtitles in the player; the track is made once, by a job (sound extracted by ffmpeg), and kept in the file store under `subtitles/`',
    ),

  CERT_FONT: text.describe(
    "the font embedded (as a subset) in certificate PDFs: a font file, or `path#PostScriptName` for a collection; default Debian's `fonts-noto-cjk` (Noto Serif CJK SC, else Noto Sans CJK SC). Without any, the download answers 证书字体未安装，暂时无法生成PDF，请联系管理员",
  ),

  // Uploads and media
  UPLOAD_DIR: text.describe(
    "where uploads are stored on local disk (default `DATA_DIR/uploads`: `files/` finished, `tmp/` in progress, `trials/` the 3-minute trial cuts of uploaded course videos, `subtitles/` AI subtitles). With `STORAGE_URL` only this instance's scratch files are here (a one-request upload before it is published, ffmpeg's input and output)",
  ),
  FFMPEG_PATH: opt(z.string())
    .transform((v) => v ?? 'ffmpeg')
    .describe(
      "the ffmpeg that cuts trial renditions and packages HLS (Debian's `ffmpeg` package on the PATH); without it a learner sees an uploaded video only after 选学",
    ),
  UPLOAD_SESSION_MAX_AGE_HOURS: positiveNumber(24).describe(
    "an upload untouched this long loses its scratch files and starts again from chunk 0 (a one-request upload's scratch file: 1 hour, or this if shorter); on S3 the sweep aborts its multipart upload and removes its chunk objects",
  ),
  STORAGE_URL: opt(
    z
      .string()
      .refine(
        hasScheme(['s3:', 'http:', 'https:']),
        msg('必须是 s3://、http:// 或 https:// 开头的地址', 'must be an s3://, http:// or https:// URL'),
      ),
  ).describe(
    "the file store shared by all instances: an S3-compatible endpoint (MinIO, Aliyun OSS, Tencent COS, Huawei OBS, AWS) instead of `UPLOAD_DIR`, for uploads, their chunks, trial cuts and AI subtitles (`lib/server/storage`). Form: `s3://ACCESS:SECRET@HOST[:PORT]/BUCKET[/PREFIX][?region=…&forcePathStyle=0|1&tls=0|1]`, or the same with `http://` or `https://`, e.g. `s3://AK:SK@127.0.0.1:4569/portal?region=us-east-1&forcePathStyle=1`. `s3://` is HTTPS, or HTTP on a loopback host; `tls` overrides. ACCESS and SECRET URL-encoded (a `/` in a secret is `%2F`); without them the SDK's usual `AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`. `region` defaults to us-east-1; `forcePathStyle` to 1 for an IP address or localhost, else 0 (OSS needs 0, MinIO usually 1). `PREFIX` keeps every key under a folder of a shared bucket. The bucket must exist. Also give the bucket a lifecycle rule that aborts incomplete multipart uploads after a few days (the upload sweep aborts the ones it knows of)",
  ),
  STORAGE_PUBLIC_URL: httpUrl.describe(
    "where browsers reach the S3 store, when not at `STORAGE_URL`'s host (e.g. `https://oss.example.cn` while the instances use an internal address): presigned media URLs are signed for it; it must reach the store with the same paths",
  ),
  STORAGE_PRESIGN_SECONDS: opt(
    z.string().regex(/^\d+$/, msg('必须是非负整数', 'must be a whole number of seconds')).transform(Number),
  )
    .transform((n) => n ?? 3600)
    .describe(
      'with `STORAGE_URL`: media (course videos, documents, uploaded video and audio) is answered, once the portal has checked the right to it, by a 302 to a presigned URL of the store valid this long (a long lecture keeps seeking within it); the store then serves the bytes and their ranges. `0` streams them through the instance instead',
    ),
  ACCEL_REDIRECT_PREFIX: opt(z.string().startsWith('/', msg('必须以 / 开头', 'must start with /'))).describe(
    "local disk behind nginx: e.g. `/protected-media/` (deploy/nginx.conf's internal location over `UPLOAD_DIR`): media is answered, once checked, with `X-Accel-Redirect: /protected-media/<key>` and nginx sends the file (sendfile, ranges). Only when every request comes through that nginx (a direct request would get an empty answer). Unset: the instance streams it",
  ),
  FFPROBE_PATH: opt(z.string())
    .transform((v) => v ?? 'ffprobe')
    .describe(
      "the ffprobe the transcoding job reads a video's size, length and streams with (Debian's `ffmpeg` package)",
    ),
  FFMPEG_THREADS: positiveInt(2).describe(
    'threads of one transcode, so that a transcode leaves the other cores to the site',
  ),
  MEDIA_SECRET: opt(z.string().min(16, M.secret)).describe(
    "signs play tickets and HLS segment URLs (16+ characters). Several instances, or nginx serving segments: set it, the same on every instance and in deploy/nginx.conf's `set $media_secret` (location `/media/seg/`). Unset: derived from the session secret (one instance)",
  ),
  MEDIA_TICKET_SECONDS: positiveInt(6 * 3600).describe(
    'how long a play ticket and the segment URLs of its playlists stay valid (6 hours); the player asks for a new one when a playlist answers 403',
  ),
  UPLOAD_SCRATCH_QUOTA_MB: positiveNumber(4096).describe(
    "scratch space one user's unfinished chunked uploads may hold (two unfinished 2 GB videos); a chunk past it is refused (1014, 未完成的上传占用的临时空间已达上限…, with 已用/共). A refused chunk (wrong MD5, size or type) is removed at once: the scratch file is cut back to the chunks still needed, or removed with its folder when none is recorded. On S3 the figure is the recorded chunks' bytes",
  ),
  UPLOAD_STORED_QUOTA_MB: positiveNumber(2048).describe(
    'megabytes of uploaded files a learner may keep; a file past it is refused before its first chunk (1014, 您的存储空间不足…). The creation centre shows it as 已用 X / 共 Y with a bar (`/api/resourceFile/quota`)',
  ),
  UPLOAD_STAFF_STORED_QUOTA_MB: positiveNumber(50 * 1024).describe(
    'megabytes of uploaded files a teacher or manager may keep',
  ),
  UPLOAD_IMAGE_MAX_MEGAPIXELS: positiveInt(64).describe(
    "the most pixels an uploaded image's header may declare (browsers decode every one of them); a larger image is refused",
  ),
  IMPORT_UNZIPPED_ENTRY_MB: positiveInt(20).describe(
    'user import: the most one part (entry) of an uploaded xlsx may unpack to, declared or real; the file is refused at the first limit it passes',
  ),
  IMPORT_UNZIPPED_TOTAL_MB: positiveInt(40).describe(
    'user import: the most all parts of an uploaded xlsx may unpack to together',
  ),
  IMPORT_ZIP_ENTRIES: positiveInt(100).describe(
    'user import: the most parts an uploaded xlsx may have (the template has about a dozen)',
  ),
  IMPORT_MAX_CELLS: positiveInt(400_000).describe(
    "user import: the most cells (and shared strings) read from the sheet; also caps a CSV (the template's 8 columns of 20,000 rows fit)",
  ),
  IMPORT_PARSE_SECONDS: positiveInt(20).describe(
    'user import: seconds a file may take to read; the worker thread reading it is then stopped',
  ),
  IMPORT_PARSE_MEMORY_MB: positiveInt(128).describe(
    'user import: heap ceiling of the worker thread that reads an xlsx',
  ),

  // Jobs
  JOBS_WORKERS: flag(true).describe(
    '`0`: this instance queues jobs but runs none (the instances without it run them); see operating.md, Jobs',
  ),
  JOBS_POOL_SIZE: positiveInt(4).describe("connections of pg-boss's own pool on PostgreSQL"),

  // Live classes (services/live, deploy/nginx-rtmp.conf)
  LIVE_RTMP_URL: opt(
    z.string().refine(hasScheme(['rtmp:', 'rtmps:']), msg('必须是 rtmp:// 地址', 'must be an rtmp:// URL')),
  ).describe(
    "the stream address shown to a live class's teacher, e.g. `rtmp://live.example.cn/live` (default `rtmp://<PUBLIC_ORIGIN's host, else localhost>/live`)",
  ),
  LIVE_HLS_UPSTREAM: httpUrl
    .transform((v) => (v ?? 'http://127.0.0.1:8080/hls').replace(/\/+$/, ''))
    .describe(
      "where the portal fetches a class's live HLS when it relays `/media/live-hls/` itself (no nginx in front): the ingest's `/hls` location. Behind `deploy/nginx.conf` nginx sends that path to the ingest and Node never sees it",
    ),
  LIVE_CONTROL_URL: httpUrl.describe(
    "nginx-rtmp's control location of the ingest (`deploy/nginx-rtmp.conf`: `/control`, open to the portal's addresses only), e.g. `http://127.0.0.1:8080/control`: when a key is regenerated while its class is on air, the portal asks it to drop the stream of the old key. Unset: the old key is refused from the next connection only",
  ),
  LIVE_RECORD_DIR: text.describe(
    "the folder nginx-rtmp records broadcasts into (its `record_path`), read by the job that packages a class's replay (default `DATA_DIR/live-record`); shared with the ingest host when they differ",
  ),
  LIVE_PUBLISH_MARGIN_MINUTES: opt(
    z.string().regex(/^\d+$/, msg('必须是非负整数', 'must be a whole number of minutes')).transform(Number),
  )
    .transform((n) => n ?? 30)
    .describe(
      "minutes before a class's start and after its end during which its key may publish; a stream still running past the end plus these is cut (nginx-rtmp's on_update). A class ended early with 结束直播 refuses its key from that moment",
    ),
  LIVE_INGEST_ALLOW: opt(
    z.string().refine((v) => list(v).length > 0 && list(v).every((a) => isIP(a) !== 0), M.addresses),
  )
    .transform((v) => (v ? list(v) : ['127.0.0.1', '::1']))
    .describe(
      "addresses allowed to call the ingest's callbacks `/api/live/ingest/*` (the nginx-rtmp hosts), matched against the connection's own address, never X-Forwarded-For or X-Real-IP, even with `TRUST_PROXY=1`",
    ),

  // Security
  PUBLIC_ORIGIN: opt(z.string().refine(hasScheme(['http:', 'https:']), M.url)).describe(
    "the site's public address behind TLS, e.g. `https://edu.example.cn`: when it is https, every response carries `Strict-Transport-Security: max-age=31536000; includeSubDomains` and the session cookies are `Secure` whatever the proxy forwards (without it, cookies are Secure only on a request that arrived as https, e.g. `X-Forwarded-Proto: https`)",
  ),
  RATE_LIMITS: opt(z.enum(['on', 'off'], { error: msg('只能是 on 或 off', 'must be on or off') }))
    .transform((v) => v !== 'off')
    .describe(
      '`off`: lifts the per-address rate limits (register lookups, captchas, new search keywords, password checks, reset e-mails) for benchmarks and the end-to-end server; sign-in throttling stays',
    ),

  PORTAL_TEST_HOOKS: flag(false).describe(
    '`1`: test-only hooks (the captcha answer, benchmark sessions) and the benchmark pages (`/bench/*`, a 404 without it); for end-to-end tests and the benchmark only, never in production. The start log warns while it is on',
  ),
});

export type Config = z.output<typeof schema>;
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof Config)[];

/** Each variable's `.describe()` text ('' when it has none): the source of docs/configuration.md and .env.example. */
export function configDescriptions(): Record<keyof Config, string> {
  const shape: Record<string, z.ZodType> = schema.shape;
  return Object.fromEntries(CONFIG_VARIABLES.map((key) => [key, shape[key].description ?? ''])) as Record<
    keyof Config,
    string
  >;
}

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
