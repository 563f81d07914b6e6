/**
 * What the phone is told about the desktop asking to be signed in by QR code (issue 22): its browser and system,
 * read from the User-Agent in a few lines (a name and major version is all a person checks), and its address with
 * the last part masked (there is no GeoIP database here, and the full address is not the phone user's business).
 */

/** Order matters: Edge and Opera also say Chrome, Chrome also says Safari; in-app browsers first. */
const BROWSERS: [string, RegExp][] = [
  ['微信', /MicroMessenger\/(\d+)/],
  ['QQ浏览器', /QQBrowser\/(\d+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /(?:OPR|Opera)\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/],
  ['IE', /(?:MSIE |Trident\/.*rv:)(\d+)/],
];

/** Windows NT versions; NT 10.0 is also Windows 11, which the User-Agent no longer tells apart. */
const WINDOWS: Record<string, string> = {
  '10.0': '10',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

export function parseUserAgent(ua: string): { browser: string; system: string } {
  let browser = '未知浏览器';
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  let system = '未知系统';
  let m: RegExpExecArray | null;
  if ((m = /Windows NT (\d+\.\d+)/.exec(ua))) system = `Windows ${WINDOWS[m[1]] ?? m[1]}`;
  else if ((m = /(iPhone|iPad|iPod).*? OS (\d+)/.exec(ua))) system = `iOS ${m[2]}`;
  else if ((m = /Mac OS X (\d+)[_.](\d+)/.exec(ua))) system = `macOS ${m[1]}.${m[2]}`;
  else if ((m = /Android (\d+(?:\.\d+)?)/.exec(ua))) system = `Android ${m[1]}`;
  else if (/CrOS/.test(ua)) system = 'ChromeOS';
  else if (/HarmonyOS/.test(ua)) system = 'HarmonyOS';
  else if (/Linux/.test(ua)) system = 'Linux';
  return { browser, system };
}

/** 203.0.113.7 -> 203.0.113.*; 2001:db8:1:2::5 -> 2001:db8:1:*; the loopback -> 本机; anything else -> 未知. */
export function maskAddress(ip: string): string {
  if (ip === '::1' || /^(?:::ffff:)?127\./i.test(ip)) return '本机';
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.*`;
  if (/^[0-9a-f:]+$/i.test(ip) && ip.includes(':')) {
    const head = ip.split('::')[0].split(':').filter(Boolean).slice(0, 3);
    return head.length ? `${head.join(':')}:*` : '未知';
  }
  return '未知';
}
