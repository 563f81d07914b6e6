/** The server's allow-list for redirect addresses (lib/validation/redirect-address.ts): portal hosts + REDIRECT_ALLOWED_HOSTS. */
import { isSafeRedirect } from '@/lib/validation/redirect-address';
import { parseHostRules } from '@/lib/variants';
import { config } from '@/lib/server/config';

export function allowedRedirectHosts(): string[] {
  const portal = parseHostRules(config().PORTAL_HOSTS).map((r) => r.pattern);
  const extra = (config().REDIRECT_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [...portal, ...extra];
}

/** The address itself when allowed, else ''. */
export function safeRedirect(target: string | undefined | null): string {
  if (!target) return '';
  return isSafeRedirect(target, allowedRedirectHosts()) ? target.trim() : '';
}
