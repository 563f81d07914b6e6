/**
 * The server's log: JSON lines (pino) on standard output, each with the request id of the request it belongs to
 * (lib/server/ops/request-context) as `reqId`. LOG_LEVEL sets the level (default info). Under Jest the lines go
 * through console, where the tests read what was logged.
 */
import pino, { type Logger } from 'pino';
import { config } from '../config';
import { processState } from '../process-state';
import { currentRequestId } from './request-context';

function settings(): { level: string; testing: boolean } {
  try {
    const c = config();
    return { level: c.LOG_LEVEL, testing: c.NODE_ENV === 'test' };
  } catch {
    return { level: 'info', testing: false }; // a wrong configuration is reported by the start-up check
  }
}

/** Lines through console, by level (tests spy on console to see what the server logged). */
const consoleDestination = {
  write(line: string) {
    const n = (JSON.parse(line) as { level?: number }).level ?? 30;
    (n >= 50 ? console.error : n >= 40 ? console.warn : console.info)(line.trimEnd());
  },
};

export const log: Logger = processState('logger', () => {
  const { level, testing } = settings();
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    testing ? consoleDestination : pino.destination({ fd: 1, sync: true }),
  );
});

/** An error's message for a log line (never a request body or token). */
export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
