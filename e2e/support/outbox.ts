import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The outbox folders of the test server (scripts/serve-test.mjs: DATA_DIR=data/e2e-*, DATA_DIR/outbox). */
function outboxes(): string[] {
  const root = path.join(process.cwd(), 'data');
  return readdirSync(root)
    .filter((d) => d.startsWith('e2e-'))
    .map((d) => path.join(root, d, 'outbox'))
    .filter((d) => {
      try {
        return statSync(d).isDirectory();
      } catch {
        return false;
      }
    });
}

/**
 * The newest link containing `marker` in a message to `to`, read from the outbox of the test server
 * (scripts/serve-test.mjs runs it with DATA_DIR=data/e2e-*, and without SMTP_URL mail is written to
 * DATA_DIR/outbox as .eml files). Polls, since the mail is written while the request completes.
 */
export async function linkFromOutbox(to: string, marker: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = outboxes()
      .flatMap((d) => readdirSync(d).map((f) => path.join(d, f)))
      .sort()
      .reverse()
      .map((f) =>
        readFileSync(f, 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      )
      .filter((m) => m.includes(`To: ${to}`));
    for (const m of mails) {
      const link = [...m.matchAll(/https?:\/\/[^\s"<>]+/g)].map((x) => x[0]).find((l) => l.includes(marker));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail with ${marker} to ${to}`);
}

/**
 * The newest SMS code sent to `mobile` that is not in `seen`, read from the outbox (without an SMS service configured,
 * each message is written to DATA_DIR/outbox as a .sms file: `To: <mobile>`, a blank line, the text). Polls.
 */
export async function smsCodeFromOutbox(mobile: string, seen: string[] = [], timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const codes = outboxes()
      .flatMap((d) =>
        readdirSync(d)
          .filter((f) => f.endsWith('.sms'))
          .map((f) => path.join(d, f)),
      )
      .sort()
      .reverse()
      .map((f) => readFileSync(f, 'utf8'))
      .filter((m) => m.startsWith(`To: ${mobile}\n`))
      .map((m) => /验证码(\d{6})/.exec(m)?.[1])
      .filter((c): c is string => c !== undefined && !seen.includes(c));
    if (codes[0]) return codes[0];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no SMS code to ${mobile}`);
}
