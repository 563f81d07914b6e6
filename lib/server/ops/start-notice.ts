/** What the start log says about the configuration it runs with (instrumentation.ts). */
import type { Config } from '../config';
import { log } from './log';

export const TEST_HOOKS_WARNING =
  '测试钩子已开启（PORTAL_TEST_HOOKS=1）：验证码答案、基准测试会话和 /bench 页面对外可用，切勿用于生产环境 / ' +
  'TEST HOOKS ARE ON (PORTAL_TEST_HOOKS=1): captcha answers, benchmark sessions and the /bench pages are exposed; never use this in production';

export function announceStart(c: Config): void {
  log.info(
    {
      nodeEnv: c.NODE_ENV,
      database: c.DATABASE_URL ? 'postgres' : 'pglite',
      seed: c.SEED,
      testHooks: c.PORTAL_TEST_HOOKS,
    },
    'server starting',
  );
  if (c.PORTAL_TEST_HOOKS) log.warn({ testHooks: true }, TEST_HOOKS_WARNING);
}
