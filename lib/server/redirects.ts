/** The server's allow-list for redirect addresses (lib/redirect.ts): portal hosts + REDIRECT_ALLOWED_HOSTS. */
import { isSafeRedirect } from '@/lib/redirect';
import { parseHostRules } from '@/lib/variants';

export function allowedRedirectHosts(): string[] {
  const portal = parseHostRules(process.env.PORTAL_HOSTS).map((r) => r.pattern);
  const extra = (process.env.REDIRECT_ALLOWED_HOSTS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return [...portal, ...extra];
}

/** The address itself when allowed, else ''. */
export function safeRedirect(target: string | undefined | null): string {
  if (!target) return '';
  return isSafeRedirect(target, allowedRedirectHosts()) ? target.trim() : '';
}
