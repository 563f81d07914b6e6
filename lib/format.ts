/** Formatters of SPEC 9: study time, durations and countdowns, byte sizes, greetings. Pure functions, used on both sides. */

/** Study totals as hours and minutes: 3725 -> '1小时2分钟'. */
export function formatHoursMinutes(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}小时${m}分钟`;
}

/** Seconds as hours, minutes and seconds: 3725 -> '1小时2分5秒'; under an hour '2分5秒'. */
/** A learner's name as public lists show it (reviews, 学习心得): 赵红梅 -> 赵*梅, 李明 -> 李*. */
export function maskName(name: string): string {
  return name.length <= 1
    ? name
    : name.length === 2
      ? `${name[0]}*`
      : `${name[0]}${'*'.repeat(name.length - 2)}${name.at(-1)}`;
}

export function formatHMS(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return h > 0 ? `${h}小时${m}分${sec}秒` : `${m}分${sec}秒`;
}

/** A chapter's length in a chapter list: a video's as formatHMS, a document (which has none) as 文档. */
export function formatChapterLength(kind: 'video' | 'document', seconds: number): string {
  return kind === 'document' ? '文档' : formatHMS(seconds);
}

/** A countdown: under a day as formatHMS ('1小时2分5秒'); a day or more as days, hours and minutes: '6天1小时15分'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < 86_400) return formatHMS(s);
  return `${Math.floor(s / 86_400)}天${Math.floor((s % 86_400) / 3600)}小时${Math.floor((s % 3600) / 60)}分`;
}

/** An exam's duration in minutes, zero parts left out: 45 -> '45分钟', 90 -> '1小时30分钟', 10080 -> '7天', 1500 -> '1天1小时'. */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.floor(Number.isFinite(minutes) ? minutes : 0));
  const parts: [number, string][] = [
    [Math.floor(m / 1440), '天'],
    [Math.floor((m % 1440) / 60), '小时'],
    [m % 60, '分钟'],
  ];
  return (
    parts
      .filter(([n]) => n > 0)
      .map(([n, unit]) => `${n}${unit}`)
      .join('') || '0分钟'
  );
}

/** Hours with one decimal, for rings and rankings: 3725 -> 1.0. */
export function secondsToHours(seconds: number): number {
  return Math.round((Math.max(0, seconds) / 3600) * 10) / 10;
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Byte sizes in B, KB, MB, GB with two decimals: 1536 -> '1.50 KB'. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, Number.isFinite(bytes) ? bytes : 0);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${UNITS[unit]}`;
}

/** SPEC 2.8: greeting by hour: before 06:00, before 12:00, before 18:00, otherwise. */
export function greeting(hour: number): string {
  if (hour < 6) return '您好';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** China Standard Time, the academy's calendar: UTC+8 all year (no daylight saving since 1991). */
const CHINA_OFFSET_MS = 8 * 3600_000;

/**
 * The calendar date of an instant in China time, whatever the zone of the server or the browser: the year and
 * month a study record counts for, the date on a certificate (from 00:00 to 08:00 China time, UTC is a day behind).
 */
export function chinaDate(at: Date): { year: number; month: number; day: number } {
  const d = new Date(at.getTime() + CHINA_OFFSET_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** A date written out as on a certificate: 2026年11月25日 (China time). */
export function formatDateLong(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day } = chinaDate(d);
  return `${year}年${month}月${day}日`;
}

/** Dates shown as 2026-11-22 in China time, the same on server and client. */
export function formatDate(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

export function formatDateTime(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}

/**
 * SPEC 3: a content item's cover or imgUrl may be a JSON string holding a `url` field (`{"url":"/covers/a.png"}`,
 * or a list of such); the url is extracted. A plain address is returned as it is, anything else as ''.
 */
export function imageUrl(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v.startsWith('{') && !v.startsWith('[')) return v;
  try {
    const parsed: unknown = JSON.parse(v);
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    const url = first && typeof first === 'object' ? (first as { url?: unknown }).url : undefined;
    return typeof url === 'string' ? url.trim() : '';
  } catch {
    return '';
  }
}
