/** The endpoint table is joined from the domains' tables; a path defined twice is refused, not silently overridden. */
import { endpoint, joinEndpointTables } from '@/lib/server/endpoints/endpoint';
import { z } from 'zod';

const e = endpoint(z.object({}), 'none', async () => null);

describe('joinEndpointTables', () => {
  it('joins disjoint tables', () => {
    expect(Object.keys(joinEndpointTables({ '/api/a': e }, { '/api/b': e }))).toEqual(['/api/a', '/api/b']);
  });
  it('refuses a path defined by two domains', () => {
    expect(() => joinEndpointTables({ '/api/a': e }, { '/api/a': e })).toThrow('/api/a');
  });
});
