/**
 * The request id of the request being served: given by the request hook (lib/server/lanes/request-hook) to
 * everything that runs for that request, so a log line (lib/server/ops/log) or an operations log entry names it
 * without each function passing it on. The response carries it as `x-request-id`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { processState } from '../process-state';

const storage = processState('requestContext', () => new AsyncLocalStorage<{ requestId: string }>());

/** What nginx's $request_id or another proxy may send; anything else is replaced. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

export function newRequestId(): string {
  return randomBytes(12).toString('base64url');
}

/** The incoming `x-request-id` when it looks like one (a proxy in front made it), else a new one. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : newRequestId();
}

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
