/**
 * The API contract (lib/contract/endpoints) is what the client and the backend are both checked against (issue 21).
 * The checks are type-level: each `@ts-expect-error` line must fail to compile, so `tsc --noEmit` fails if a wrong
 * path, body or answer were ever accepted. Jest only runs the harmless part.
 */
import { z } from 'zod';
import { call, platformPath, type ApiClient } from '@/lib/api/core';
import type { ContractData } from '@/lib/contract/endpoints';
import type { CourseDetail } from '@/lib/contract/catalogue';
import { contractTable, endpoint } from '@/lib/server/endpoints/endpoint';
import { byId } from '@/lib/validation/catalogue';

const client: Pick<ApiClient, 'request'> = { request: async <T>() => ({ id: 1 }) as T };

/** Never called: only compiled. */
export function clientChecks() {
  const detail: Promise<CourseDetail> = call(client, '/api/course/detail', { id: 1 });
  // The platform form of a path is answered by the same entry (SPEC 1), and platformPath keeps the literal.
  const onPlatform: Promise<ContractData<'/api/course/detail'>> = call(client, '/api/platform/course/detail', {
    id: 1,
  });
  const viaHelper: Promise<CourseDetail> = call(client, platformPath('/api/course/detail', true), { id: 1 });
  // @ts-expect-error a path the contract does not have (a renamed or misspelt call)
  void call(client, '/api/course/detial', { id: 1 });
  // @ts-expect-error the body lacks the field the server's schema requires
  void call(client, '/api/course/detail', {});
  // @ts-expect-error the body's field has the wrong type
  void call(client, '/api/course/detail', { id: '1' });
  // @ts-expect-error the answer is not what the caller claims
  const wrong: Promise<string> = call(client, '/api/course/detail', { id: 1 });
  return [detail, onPlatform, viaHelper, wrong];
}

/** Never called: only compiled. */
export function serverChecks() {
  const handler = async () => ({}) as CourseDetail;
  contractTable<'/api/course/detail'>({ '/api/course/detail': endpoint(byId, 'none', handler) });
  contractTable<'/api/course/detail'>({
    // @ts-expect-error a handler answering another type than the contract's data
    '/api/course/detail': endpoint(byId, 'none', async () => 'a course'),
  });
  contractTable<'/api/course/detail'>({
    '/api/course/detail': endpoint(byId, 'none', handler),
    // @ts-expect-error a path the contract does not have
    '/api/course/detial': endpoint(byId, 'none', handler),
  });
  // @ts-expect-error a table missing one of its domain's paths
  contractTable<'/api/course/detail' | '/api/course/chapter'>({
    '/api/course/detail': endpoint(byId, 'none', handler),
  });
  // auth 'user': the session's user is there; 'optional': it may not be; 'none': never.
  endpoint(z.object({}), 'user', async (_b, ctx) => ctx.user.operatorID);
  // @ts-expect-error an optional session may have no user
  endpoint(z.object({}), 'optional', async (_b, ctx) => ctx.user.operatorID);
  endpoint(z.object({}), 'none', async (_b, ctx) => {
    const none: null = ctx.user;
    return none;
  });
}

it('calls the client with the contract path and body unchanged', async () => {
  const request = jest.fn(async () => ({ id: 7 }));
  await expect(call({ request } as Pick<ApiClient, 'request'>, '/api/course/detail', { id: 7 })).resolves.toEqual({
    id: 7,
  });
  expect(request).toHaveBeenCalledWith('/api/course/detail', { id: 7 });
});
