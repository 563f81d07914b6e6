/**
 * Outgoing SMS behind one interface: Aliyun SMS (lib/server/messaging/aliyun-sms) when its access key is configured;
 * otherwise each message is written to DATA_DIR/outbox as a .sms file and noted in the log, so the retrieval by
 * SMS works on a fresh machine (like mail without SMTP_URL). In Aliyun mode nothing about the code is logged.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { config } from '../config';
import { log } from '../ops/log';
import { outboxDir } from './mail';
import { aliyunSendSms } from './aliyun-sms';

export interface SmsMessage {
  mobile: string;
  /** The template's parameters, e.g. { code: '123456' }. */
  params: Record<string, string>;
  /** The text an outbox file shows (the real text is Aliyun's template). */
  text: string;
}

export interface SmsProvider {
  name: 'aliyun' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

const outboxProvider: SmsProvider = {
  name: 'outbox',
  async send(m) {
    const dir = outboxDir();
    mkdirSync(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.sms`,
    );
    writeFileSync(file, `To: ${m.mobile}\n\n${m.text}\n`, { mode: 0o600 });
    log.info({ file: path.basename(file) }, 'no SMS service configured: message written to the outbox');
  },
};

export function smsProvider(): SmsProvider {
  const c = config();
  if (!c.ALIYUN_SMS_ACCESS_KEY_ID || !c.ALIYUN_SMS_ACCESS_KEY_SECRET) return outboxProvider;
  const opts = {
    accessKeyId: c.ALIYUN_SMS_ACCESS_KEY_ID,
    accessKeySecret: c.ALIYUN_SMS_ACCESS_KEY_SECRET,
    signName: c.ALIYUN_SMS_SIGN_NAME ?? '',
    templateCode: c.ALIYUN_SMS_TEMPLATE_CODE ?? '',
    endpoint: c.ALIYUN_SMS_ENDPOINT,
    region: c.ALIYUN_SMS_REGION,
  };
  return {
    name: 'aliyun',
    async send(m) {
      await aliyunSendSms(opts, m.mobile, m.params);
    },
  };
}

/** The outbox's messages to a number, newest first (tests and the local trial flow). */
export function smsOutboxFor(mobile: string): string[] {
  const dir = outboxDir();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.sms'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => readFileSync(path.join(dir, n), 'utf8'))
    .filter((body) => body.startsWith(`To: ${mobile}\n`));
}
