import {
  chinaDate,
  formatBytes,
  formatDate,
  formatDateLong,
  formatHMS,
  formatHoursMinutes,
  greeting,
  secondsToHours,
} from '@/lib/format';
import { signIdentity, verifyIdentity } from '@/lib/session/identity';
import { visitorApplyStatus } from '@/lib/server/services/catalogue/train-status';

describe('formatters (SPEC 9)', () => {
  it('study totals as hours and minutes', () => {
    expect(formatHoursMinutes(0)).toBe('0小时0分钟');
    expect(formatHoursMinutes(3725)).toBe('1小时2分钟');
    expect(formatHoursMinutes(50 * 3600)).toBe('50小时0分钟');
    expect(formatHoursMinutes(-5)).toBe('0小时0分钟');
    expect(formatHoursMinutes(Number.NaN)).toBe('0小时0分钟');
  });

  it('seconds as hours, minutes and seconds', () => {
    expect(formatHMS(3725)).toBe('1小时2分5秒');
    expect(formatHMS(125)).toBe('2分5秒');
  });

  it('byte sizes in B, KB, MB, GB with two decimals', () => {
    expect(formatBytes(0)).toBe('0.00 B');
    expect(formatBytes(1023)).toBe('1023.00 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
    expect(formatBytes(3 * 1024 ** 4)).toBe('3072.00 GB');
  });

  it('greeting by hour (SPEC 2.8)', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(greeting)).toEqual([
      '您好',
      '您好',
      '上午好',
      '上午好',
      '下午好',
      '下午好',
      '晚上好',
      '晚上好',
    ]);
  });

  it('hours with one decimal and dates in China time', () => {
    expect(secondsToHours(5400)).toBe(1.5);
    expect(formatDate('2026-11-21T17:00:00Z')).toBe('2026-11-22');
    expect(formatDate('not a date')).toBe('');
  });

  it('the calendar date in China time (UTC+8), as certificates and study records use it', () => {
    // 05:30 on 25 November in Beijing is still the 24th in UTC.
    expect(chinaDate(new Date('2026-11-24T21:30:00Z'))).toEqual({ year: 2026, month: 11, day: 25 });
    expect(formatDateLong('2026-11-24T21:30:00Z')).toBe('2026年11月25日');
    expect(formatDateLong('2026-11-24T15:59:59Z')).toBe('2026年11月24日');
    expect(chinaDate(new Date('2030-12-31T16:00:00Z'))).toEqual({ year: 2031, month: 1, day: 1 });
    expect(formatDateLong('not a date')).toBe('');
  });
});

describe('identity cookie', () => {
  it('verifies what it signed and refuses a forged value', () => {
    const v = signIdentity({ operatorID: 12, tchrId: 3 });
    expect(verifyIdentity(v)).toEqual({ operatorID: 12, tchrId: 3 });
    expect(verifyIdentity(signIdentity({ operatorID: 5, tchrId: null }))).toEqual({ operatorID: 5, tchrId: null });
    expect(verifyIdentity(v.replace(/^12/, '13'))).toBeNull();
    expect(verifyIdentity('12.3.short')).toBeNull();
    expect(verifyIdentity(undefined)).toBeNull();
  });
});

describe('visitor apply status (SPEC 4.4)', () => {
  const now = new Date('2026-06-15T00:00:00Z');
  const day = 86_400_000;
  const at = (d: number) => new Date(now.getTime() + d * day);
  it.each([
    [{ applyMode: 1, applyStartAt: at(-1), applyEndAt: at(1) }, 1],
    [{ applyMode: 9, applyStartAt: at(-1), applyEndAt: at(1) }, 9],
    [{ applyMode: 0, applyStartAt: null, applyEndAt: null }, 2],
    [{ applyMode: 0, applyStartAt: at(2), applyEndAt: at(5) }, 3],
    [{ applyMode: 0, applyStartAt: at(-2), applyEndAt: at(5) }, 4],
    [{ applyMode: 0, applyStartAt: at(-9), applyEndAt: at(-5) }, 5],
  ])('%j -> %i', (fields, status) => {
    expect(visitorApplyStatus(fields, now)).toBe(status);
  });
});
