/**
 * Every endpoint that writes under management or touches a password states on its line what goes into the
 * operations log (等保2.0): an audit rule, or the reason it writes none (a read, say). One without either fails here.
 */
import { z } from 'zod';
import { ENDPOINTS } from '@/lib/server/endpoints';
import { endpoint, READ, type Endpoint } from '@/lib/server/endpoints/endpoint';

/** The body's field names, through the wrappers a schema may have (refinements, pipes, unions). */
function fieldNames(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNames(schema.in as z.ZodType);
  if (schema instanceof z.ZodUnion) return (schema.options as z.ZodType[]).flatMap(fieldNames);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return fieldNames(schema.unwrap() as z.ZodType);
  return [];
}

const touchesPassword = (path: string, ep: Endpoint) =>
  /password/i.test(path) || fieldNames(ep.schema).some((name) => /password/i.test(name));

/** The paths that must state an audit fact and do not. */
function missingAudit(table: Record<string, Endpoint>): string[] {
  return Object.entries(table)
    .filter(([path, ep]) => path.startsWith('/api/manage/') || touchesPassword(path, ep))
    .filter(([, ep]) => !ep.audit || ('none' in ep.audit && ep.audit.none.trim() === ''))
    .map(([path]) => path);
}

describe('audit facts on the endpoint lines', () => {
  it('every management endpoint and every one touching a password states its audit', () => {
    expect(missingAudit(ENDPOINTS)).toEqual([]);
  });

  it('the password endpoints are found through their body schemas, not their paths only', () => {
    const byBody = Object.entries(ENDPOINTS)
      .filter(([path, ep]) => !/password/i.test(path) && touchesPassword(path, ep))
      .map(([path]) => path);
    expect(byBody).toEqual(
      expect.arrayContaining([
        '/modules/eosoperator/login',
        '/api/register/create',
        '/modules/eosoperator/loginRecommendSave',
      ]),
    );
  });

  it('the password changes and resets, the SMS reset among them, write a row', () => {
    const actions = Object.fromEntries(
      Object.entries(ENDPOINTS).map(([path, ep]) => [path, ep.audit && 'action' in ep.audit ? ep.audit.action : null]),
    );
    expect(actions['/api/eosoperator/forgetPassword']).toBe('password-reset');
    expect(actions['/api/eosoperator/forgetPasswordModify']).toBe('password-reset');
    expect(actions['/api/eosoperator/changePassword']).toBe('password-change');
  });

  it('refuses a management write or a password field without an audit fact, or with an empty reason', () => {
    const handler = async () => true;
    const table: Record<string, Endpoint> = {
      '/api/manage/somethingNew': endpoint(z.object({ id: z.int() }), 'user', handler),
      '/api/account/setSecret': endpoint(
        z.object({ newPassword: z.string() }).refine(() => true),
        'user',
        handler,
      ),
      '/api/manage/reason': endpoint(z.object({}), { auth: 'user', audit: { none: ' ' } }, handler),
      '/api/manage/read': endpoint(z.object({}), { auth: 'user', audit: READ }, handler),
      '/api/course/list': endpoint(z.object({}), 'none', handler),
    };
    expect(missingAudit(table)).toEqual(['/api/manage/somethingNew', '/api/account/setSecret', '/api/manage/reason']);
  });
});
