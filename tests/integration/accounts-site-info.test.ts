/**
 * What a page asks about its site and session (SPEC 7): type 4's configured contacts for a retrieval by hand, whether
 * the site signs in through CAS or is a special (platform-level) host, a column host's tenant, and the session
 * refresh. PGlite (DATA_DIR=memory) or PostgreSQL (DATABASE_URL).
 */
import { eq } from 'drizzle-orm';
import { closeDb, db, getDbHandle } from '@/lib/server/db';
import { operators } from '@/lib/server/db/schema';
import { resetConfigForTests } from '@/lib/server/config';
import { CODE_SESSION_ELSEWHERE } from '@/lib/contract/messages';
import type { Site } from '@/lib/variants';
import { accountsClient, ok, tokenOf } from './accounts-support';

const { call, login } = accountsClient('10.0.26.8');
const column: Site = { variant: 'column', dx: false };
const partySchool: Site = { variant: 'partySchool', dx: true };

const ENV_KEYS = [
  'MANUAL_RETRIEVAL_EMAIL',
  'MANUAL_RETRIEVAL_PHONE',
  'MANUAL_RETRIEVAL_GROUPS',
  'PORTAL_TENANTS',
] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
function setEnv(values: Partial<Record<(typeof ENV_KEYS)[number], string | undefined>>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfigForTests();
}

// The first call would otherwise create and seed the database within a test's time.
beforeAll(() => getDbHandle(), 180_000);
afterEach(() => setEnv(saved));
afterAll(() => closeDb());

/** An account of its own for each test (with the learner's password). */
let nextAccount = Math.floor(Math.random() * 1_000_000);
async function ownAccount(): Promise<{ userId: string }> {
  const userId = `site${nextAccount++}`;
  const d = await db();
  const [learner] = await d.select().from(operators).where(eq(operators.userId, 'learner'));
  await d
    .insert(operators)
    .values({ userId, name: '站点调用', orgId: learner.orgId, passwordHash: learner.passwordHash });
  return { userId };
}

describe('type 4: manual retrieval contacts come from configuration', () => {
  it('none configured: none shown', async () => {
    setEnv({
      MANUAL_RETRIEVAL_EMAIL: undefined,
      MANUAL_RETRIEVAL_PHONE: undefined,
      MANUAL_RETRIEVAL_GROUPS: undefined,
    });
    expect(ok(await call('/api/site/retrievalContacts'))).toEqual([]);
  });
  it('each configured contact, in SPEC 2.6 order, at most two groups', async () => {
    setEnv({
      MANUAL_RETRIEVAL_EMAIL: 'help@example.cn',
      MANUAL_RETRIEVAL_PHONE: '010-6259 7114',
      MANUAL_RETRIEVAL_GROUPS: '学员QQ群一=612345678,学员QQ群二=734567890,学员QQ群三=1',
    });
    expect(ok(await call('/api/site/retrievalContacts'))).toEqual([
      { label: '邮箱', value: 'help@example.cn', href: 'mailto:help@example.cn' },
      { label: '电话', value: '010-6259 7114', href: 'tel:01062597114' },
      { label: '学员QQ群一', value: '612345678' },
      { label: '学员QQ群二', value: '734567890' },
    ]);
  });
});

describe('site calls (SPEC 7)', () => {
  it('isCas: no CAS server here', async () => {
    expect((await call('/api/eosoperator/isCas')).data).toBe(false);
  });
  it('isRequestSpecialSite: the hosts on the platform-level endpoints', async () => {
    expect((await call('/api/eosoperator/isRequestSpecialSite')).data).toBe(false);
    expect((await call('/api/eosoperator/isRequestSpecialSite', {}, { site: column })).data).toBe(true);
    expect((await call('/api/eosoperator/isRequestSpecialSite', {}, { site: partySchool })).data).toBe(true);
  });
  it('tenants: a column host belongs to its organisation; other hosts to none', async () => {
    const { callEndpoint } = await import('@/lib/server/http/dispatch');
    const at = (host: string, path: string) => callEndpoint(path, {}, { token: null, site: column, headers: { host } });
    const orgName = (await at('column.localhost:3000', '/api/eosoperator/currentTenantOrgName')).data;
    expect(orgName).toEqual({ orgName: '继续教育学院' });
    const id = ((await at('column.localhost', '/api/eosoperator/requestSiteTenantId')).data as { tenantId: number })
      .tenantId;
    expect(id).toBeGreaterThan(0);
    expect((await at('localhost:3000', '/api/eosoperator/requestSiteTenantId')).data).toEqual({ tenantId: null });
    expect((await at('localhost', '/api/eosoperator/currentTenantOrgName')).data).toEqual({ orgName: '' });
    setEnv({ PORTAL_TENANTS: '*.column.example.cn=物理研究所' });
    expect((await at('a.column.example.cn', '/api/eosoperator/currentTenantOrgName')).data).toEqual({
      orgName: '物理研究所',
    });
    expect((await at('column.localhost', '/api/eosoperator/currentTenantOrgName')).data).toEqual({ orgName: '' });
  });
});

describe('refreshToken', () => {
  it('gives the session a new token and cookie; the old token is over', async () => {
    const { userId } = await ownAccount();
    const old = tokenOf(await login(userId, 'Learner_2026'));
    const res = await call('/modules/eosoperator/refreshToken', {}, { token: old });
    const fresh = (ok(res) as { token: string }).token;
    expect(fresh).not.toBe(old);
    expect(res.cookies?.some((c) => c.value === fresh)).toBe(true);
    expect((await call('/api/eosoperator/myInfo', {}, { token: fresh })).code).toBe(0);
    expect((await call('/api/eosoperator/myInfo', {}, { token: old })).code).toBe(CODE_SESSION_ELSEWHERE);
    expect((await call('/modules/eosoperator/refreshToken')).code).not.toBe(0);
  });
});
