/** TOTP_REMEMBER_DAYS (issue 38): 30 by default, 0 turns remembering off, more than 30 is refused at start. */
import { ConfigError, parseConfig } from '@/lib/server/config';

describe('TOTP_REMEMBER_DAYS', () => {
  it('defaults to 30 and takes 0 to 30', () => {
    expect(parseConfig({}).TOTP_REMEMBER_DAYS).toBe(30);
    expect(parseConfig({ TOTP_REMEMBER_DAYS: '0' }).TOTP_REMEMBER_DAYS).toBe(0);
    expect(parseConfig({ TOTP_REMEMBER_DAYS: '7' }).TOTP_REMEMBER_DAYS).toBe(7);
  });

  it('refuses more than 30 days, naming the variable', () => {
    expect(() => parseConfig({ TOTP_REMEMBER_DAYS: '31' })).toThrow(ConfigError);
    expect(() => parseConfig({ TOTP_REMEMBER_DAYS: '31' })).toThrow(/TOTP_REMEMBER_DAYS 不能超过30/);
  });
});
