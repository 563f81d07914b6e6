/**
 * No open redirect (SPEC 9 security): an address the portal sends a browser to after sign-in (the
 * login result's redirectsUrl, the passport's return) must be a path of this site or an absolute URL on
 * an allowed host: the portal's own hosts and those listed in REDIRECT_ALLOWED_HOSTS (comma-separated,
 * `*.example.cn` wildcards allowed). Shared by the server (which refuses) and the browser (which re-checks).
 */
export function isSafeRedirect(target: string, allowedHosts: readonly string[], currentHost?: string): boolean {
  const t = target.trim();
  if (!t || t.length > 2048 || /[\\\x00-\x1f]/.test(t)) return false;
  if (t.startsWith('/')) return !t.startsWith('//');
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (currentHost && url.host.toLowerCase() === currentHost.toLowerCase()) return true;
  return allowedHosts.some((h) => {
    const p = h.trim().toLowerCase();
    if (!p) return false;
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p;
  });
}
