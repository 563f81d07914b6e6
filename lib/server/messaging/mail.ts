/**
 * Outgoing mail (docs/design.md §5) through nodemailer: SMTP when SMTP_URL is set; otherwise every message is
 * written to DATA_DIR/outbox as one .eml file and its link is printed, so the activation and reset
 * flows work on a fresh machine. In SMTP mode nothing about the message (least of all its link) is logged.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { dataDir } from '../db';
import { config } from '../config';
import { log } from '../ops/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries: printed in outbox mode only. */
  link: string;
}

const FROM = () => config().MAIL_FROM || '继续教育网络学院 <no-reply@localhost>';

/** DATA_DIR/outbox; with DATA_DIR=memory (tests) a folder under the system temp dir. */
export function outboxDir(): string {
  const dir = dataDir();
  return dir === 'memory' ? path.join(tmpdir(), `portal-outbox-${process.pid}`) : path.join(dir, 'outbox');
}

export async function sendMail(mail: Mail): Promise<void> {
  // Quoted-printable even for mostly Chinese text (nodemailer would pick base64): the links stay readable in the raw
  // message, where the outbox's readers (tests, the local trial flow) look for them.
  const message = {
    from: FROM(),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    textEncoding: 'quoted-printable' as const,
  };
  const smtp = config().SMTP_URL;
  if (smtp) {
    await nodemailer.createTransport(smtp).sendMail(message);
    return;
  }
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
    .sendMail(message);
  const dir = outboxDir();
  mkdirSync(dir, { recursive: true });
  const file = path.join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
  );
  writeFileSync(file, info.message as Buffer, { mode: 0o600 });
  log.info({ file: path.basename(file), link: mail.link }, 'no SMTP_URL: mail written to the outbox');
}

/** The newest outbox messages for an address, newest first (tests and the local trial flow). */
export function outboxFor(to: string): { file: string; body: string }[] {
  const dir = outboxDir();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml'));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .map((n) => ({ file: path.join(dir, n), body: readFileSync(path.join(dir, n), 'utf8') }))
    .filter((m) => m.body.includes(`To: ${to}`));
}

/** Every absolute http(s) link of a raw message (quoted-printable soft breaks undone). */
export function linksOf(raw: string): string[] {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
