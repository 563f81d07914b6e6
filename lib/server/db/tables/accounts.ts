/**
 * Tables of the accounts domain (see lib/server/db/schema.ts): organisations and operators (the people every
 * domain points at), their sessions and captchas. Everything a sign-in flow needs between two requests lives here, so several portal instances sharing one database behave as one (docs/design.md §6).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { created } from './columns';
import { teachers } from './teachers';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One-time tokens sent by e-mail: account activation ('activate') and password reset ('reset').
 * Only the SHA-256 of the token is kept; used_at makes it single-use, expires_at bounds it.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: created(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('account_tokens_operator_idx').on(t.operatorId, t.kind)],
);

/** Failed sign-ins per key ('account:<login name>' or 'ip:<address>'), for throttling (SPEC 9 security). */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: at('window_start').notNull(),
  lockedUntil: at('locked_until'),
});

/**
 * Questions asked of the AI assistant per day (Beijing time): one row per user ('user:<operatorId>') and one for the
 * site ('site'), counted in one statement each so that instances share the bound.
 */
export const assistantUsage = pgTable(
  'assistant_usage',
  {
    day: text('day').notNull(),
    who: text('who').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.who] })],
);

/** What a visitor registered for (SPEC 3: optionId; a train resource carries resourceId and resourceType=1). */
export const registrations = pgTable('registrations', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  optionId: text('option_id').notNull().default(''),
  resourceId: integer('resource_id'),
  resourceType: smallint('resource_type'),
  createdAt: created(),
});

/**
 * QR-code login tickets (SPEC 4.2 type 2): the random number shown to the desktop (only its hash is
 * kept), confirmed by a signed-in phone, then taken once by the desktop's poll.
 * status: 'waiting' | 'scanned' | 'confirmed' | 'taken' | 'cancelled'. The requesting desktop's site, browser,
 * system and masked address are kept so the phone can show what it is about to sign in (issue 22: phishing).
 */
export const qrTickets = pgTable('qr_tickets', {
  randHash: text('rand_hash').primaryKey(),
  status: text('status').notNull().default('waiting'),
  requestHost: text('request_host').notNull().default(''),
  requestBrowser: text('request_browser').notNull().default(''),
  requestSystem: text('request_system').notNull().default(''),
  requestAddress: text('request_address').notNull().default(''),
  operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
  /** The confirming phone's session, which the desktop's new session does not replace. */
  phoneTokenHash: text('phone_token_hash'),
  createdAt: created(),
  expiresAt: at('expires_at').notNull(),
});

/**
 * Passport (single sign-on) round trips. kind 'state': an authorise redirect in flight (state ->
 * PKCE verifier). kind 'login': a passport identity back from the passport, waiting for the user to
 * choose or match an account; its key is the esLoginIO code handed to the browser.
 */
export const passportFlows = pgTable('passport_flows', {
  keyHash: text('key_hash').primaryKey(),
  kind: text('kind').notNull(),
  verifier: text('verifier').notNull().default(''),
  esUserId: text('es_user_id'),
  esEmail: text('es_email'),
  esName: text('es_name'),
  createdAt: created(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

/**
 * SMS codes of the password retrieval by SMS: six digits, kept as their SHA-256 with the number they went to;
 * valid 5 minutes, single-use (used_at), at most 5 wrong tries (attempts). The rows also count the sends of a number
 * (one a minute, 10 a day), so the limits hold across instances.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    attempts: smallint('attempts').notNull().default(0),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

export const orgs = pgTable('orgs', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull().default(''),
  kind: smallint('kind').notNull().default(1), // 1 research institute, 2 functional department, 3 university
  /** The organisation this one belongs to (a division of an institute); null at the top. Scoped roles cover a subtree. */
  parentId: integer('parent_id'),
});

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(), // operatorID
    userId: text('user_id').notNull(), // login name
    email: text('email'),
    name: text('name').notNull(),
    orgId: integer('org_id').references(() => orgs.id),
    passwordHash: text('password_hash').notNull(),
    tchrId: integer('tchr_id').references(() => teachers.id),
    headPic: text('head_pic').notNull().default(''),
    gender: smallint('gender').notNull().default(1),
    positionLevel: smallint('position_level').notNull().default(0),
    remark: text('remark').notNull().default(''),
    audience: text('audience').notNull().default('general'),
    cmsRoles: jsonb('cms_roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isActivated: boolean('is_activated').notNull().default(true),
    isDefaultPassword: boolean('is_default_password').notNull().default(false),
    esUserId: text('es_user_id'),
    /** The WeChat identity bound for QR login (type 17): the unionid, or the openid when WeChat gives none. */
    wxUnionId: text('wx_union_id'),
    /** The mobile number a password may be retrieved with by SMS (SPEC 7 smsCode/sendForgetPasswordCode). */
    mobile: text('mobile'),
    createdAt: created(),
  },
  (t) => [
    uniqueIndex('operators_user_id_idx').on(sql`lower(${t.userId})`),
    uniqueIndex('operators_email_idx').on(sql`lower(${t.email})`),
    uniqueIndex('operators_mobile_idx').on(t.mobile),
    uniqueIndex('operators_wx_union_id_idx').on(t.wxUnionId),
    // The unit report lists an organisation's learners in id order (keyset pages of the export).
    index('operators_org_idx').on(t.orgId, t.id),
  ],
);

/** Sessions (docs/design.md §5): the token is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: created(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null while valid; 'replaced' after a newer login of the same account (-> 2001); 'logout'. */
    endedReason: text('ended_reason'),
    /** Whether this sign-in passed the second factor (TOTP, a recovery code or a remembered browser). */
    secondFactor: boolean('second_factor').notNull().default(false),
  },
  (t) => [index('sessions_operator_idx').on(t.operatorId)],
);

/** Captchas: single-use, expiring; only the answer's hash is kept. */
export const captchas = pgTable('captchas', {
  uuid: text('uuid').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});

/**
 * The TOTP second factor (RFC 6238) of an account: the secret, encrypted (AES-256-GCM under a key derived from the
 * session secret) and never sent back once confirmed. confirmed_at null: an enrolment started, not yet confirmed by a
 * code. last_step: the time step of the last accepted code, so a code is accepted once. remember_id: random per
 * enrolment, part of the remembered-browser cookie's signature, so a reset forgets every remembered browser.
 */
export const operatorTotp = pgTable('operator_totp', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => operators.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: at('confirmed_at'),
  lastStep: integer('last_step'),
  rememberId: text('remember_id').notNull(),
  createdAt: created(),
});

/** The ten one-time recovery codes of an enrolment, kept as keyed hashes; used_at makes each single-use. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('totp_recovery_operator_idx').on(t.operatorId)],
);

/**
 * A first factor passed by an account with TOTP: the session is not made yet. The ticket (only its hash is kept) is
 * handed to the browser and taken once, within minutes, with a code; the session is then made as the first factor
 * would have made it (keep_token_hash: a QR login keeps the confirming phone's session; redirect: the login's).
 */
export const secondFactorTickets = pgTable('second_factor_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  operatorId: integer('operator_id')
    .notNull()
    .references(() => operators.id, { onDelete: 'cascade' }),
  via: text('via').notNull().default(''),
  keepTokenHash: text('keep_token_hash'),
  redirect: text('redirect'),
  createdAt: created(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});
