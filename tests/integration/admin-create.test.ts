/**
 * The first administrator (npm run admin -- create): SPEC 5's password rule, a unique login name, management
 * rights that the portal honours, and the script's refusals.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { closeDb } from '@/lib/server/db';
import { AdminError, ADMIN_ROLES, createAdministrator } from '@/lib/server/services/management/administrators';
import { accountsClient, ok, tokenOf } from './accounts-support';

const { call, login } = accountsClient('10.0.23.2');
const ROOT = path.join(__dirname, '..', '..');

afterAll(() => closeDb());

it('refuses a weak password and a taken name, and makes an administrator who can manage', async () => {
  await expect(createAdministrator({ userId: 'chief', name: '王主任', password: 'password1' })).rejects.toThrow(
    '密码必须包含字母、数字、下划线',
  );
  await expect(
    createAdministrator({ userId: 'manager', name: '重名', password: 'Chief_2026_x' }),
  ).rejects.toBeInstanceOf(AdminError);
  const made = await createAdministrator({ userId: 'chief', name: '王主任', password: 'Chief_2026_x' });
  expect(made.id).toEqual(expect.any(Number));

  const token = tokenOf(await login('chief', 'Chief_2026_x'));
  expect(ok(await call('/api/platform/index/myCmsRoleList', {}, { token }))).toEqual(
    ADMIN_ROLES.map((roleName, i) => ({ roleName, isDefault: i === 0 })),
  );
  const page = ok(await call('/api/manage/operationLog', { pageSize: 5 }, { token })) as unknown as {
    list: { action: string; userId: string }[];
  };
  expect(page.list.some((e) => e.action === 'admin-create' && e.userId === 'chief')).toBe(true);
}, 60_000);

it('the script refuses a weak password before it touches a database, and asks for a password only on a terminal', () => {
  const run = (args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/admin.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: 'memory', NODE_OPTIONS: '' },
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
    });
  const weak = run(['create', '--user', 'x_admin', '--name', '管理员', '--password', 'abcdefgh']);
  expect(weak.status).toBe(1);
  expect(weak.stderr).toContain('密码必须包含字母、数字、下划线');
  const noTerminal = run(['create', '--user', 'x_admin', '--name', '管理员']);
  expect(noTerminal.status).toBe(1);
  expect(noTerminal.stderr).toContain('no terminal to ask for the password');
  expect(run(['delete']).status).toBe(2);
}, 90_000);
