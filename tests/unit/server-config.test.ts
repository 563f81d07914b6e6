/**
 * The server's configuration (lib/server/config): one schema, bilingual messages naming the variable, defaults,
 * the start-up check, and no ad-hoc environment reads left in lib/server.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  checkConfig,
  config,
  ConfigError,
  CONFIG_VARIABLES,
  parseConfig,
  resetConfigForTests,
} from '@/lib/server/config';

const ROOT = path.join(__dirname, '..', '..');

function problems(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('no error');
}

describe('parseConfig', () => {
  it('names a wrong variable in Chinese and English', () => {
    expect(problems({ DB_POOL_SIZE: 'ten' })).toBe(
      '配置错误 / invalid configuration: DB_POOL_SIZE 必须是正整数 / must be a positive integer',
    );
    expect(problems({ DB_POOL_SIZE: '0' })).toContain('DB_POOL_SIZE 必须是正整数');
    expect(problems({ PORT: '70000' })).toContain(
      'PORT 必须是 1-65535 的端口号 / must be a port number from 1 to 65535',
    );
    expect(problems({ DATABASE_URL: 'mysql://x/y' })).toContain('DATABASE_URL');
    expect(problems({ SEED: 'yes' })).toContain('SEED 只能是 demo 或 none / must be demo or none');
    expect(problems({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY 只能是 0 或 1');
    expect(problems({ PORTAL_HOSTS: 'www.example.cn=nope' })).toContain('PORTAL_HOSTS');
    expect(problems({ SESSION_SECRET: 'short' })).toContain('SESSION_SECRET');
  });

  it('lists every wrong variable at once', () => {
    const message = problems({ DB_POOL_SIZE: '-1', LLM_BASE_URL: 'not a url' });
    expect(message).toContain('DB_POOL_SIZE');
    expect(message).toContain('LLM_BASE_URL');
  });

  it('gives typed defaults', () => {
    const c = parseConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.DB_POOL_SIZE).toBe(10);
    expect(c.SEED).toBe('none');
    expect(c.SEED_SCALE).toBe(1);
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.PASSPORT_LINK_PROMPT).toBe(true);
    expect(c.FFMPEG_PATH).toBe('ffmpeg');
    expect(c.UPLOAD_SESSION_MAX_AGE_HOURS).toBe(24);
    expect(c.LLM_TRANSCRIBE_MODEL).toBe('whisper-1');
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads values, and an empty value as unset (but an empty LLM_TRANSCRIBE_MODEL turns subtitles off)', () => {
    const c = parseConfig({
      DB_POOL_SIZE: '25',
      TRUST_PROXY: '1',
      DATABASE_URL: '',
      LLM_TRANSCRIBE_MODEL: '',
      STATION_PROMPT: '0',
    });
    expect(c.DB_POOL_SIZE).toBe(25);
    expect(c.TRUST_PROXY).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.LLM_TRANSCRIBE_MODEL).toBeNull();
    expect(c.STATION_PROMPT).toBe(false);
  });
});

describe('config()', () => {
  afterEach(() => {
    delete process.env.DB_POOL_SIZE;
    resetConfigForTests();
  });

  it('is parsed once and follows changes of process.env in tests', () => {
    process.env.DB_POOL_SIZE = '7';
    expect(config().DB_POOL_SIZE).toBe(7);
    expect(config()).toBe(config());
    process.env.DB_POOL_SIZE = '8';
    expect(config().DB_POOL_SIZE).toBe(8);
  });

  it('stops the start on a wrong value with the message', () => {
    process.env.DB_POOL_SIZE = 'many';
    const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const exit = jest.fn((code: number) => {
      throw new Error(`exit ${code}`);
    }) as unknown as (code: number) => never;
    try {
      expect(() => checkConfig(exit)).toThrow('exit 1');
      expect(String(write.mock.calls[0]?.[0])).toContain('DB_POOL_SIZE 必须是正整数 / must be a positive integer');
    } finally {
      write.mockRestore();
    }
  });
});

describe('the configuration is read in one place', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'migrations' ? [] : files(full);
      return /\.tsx?$/.test(name) ? [full] : [];
    });

  it('lib/server reads process.env only through lib/server/config', () => {
    const readers = files(path.join(ROOT, 'lib/server'))
      .filter((f) => !f.endsWith(path.join('lib', 'server', 'config.ts')))
      .filter((f) => /process\.env\b/.test(readFileSync(f, 'utf8')));
    expect(readers.map((f) => path.relative(ROOT, f))).toEqual([]);
  });

  it('docs/configuration.md names every variable', () => {
    const doc = readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    const missing = CONFIG_VARIABLES.filter((k) => !doc.includes(`| \`${k}\` |`));
    expect(missing).toEqual([]);
  });
});
