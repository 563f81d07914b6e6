/** Name of the signed identity cookie (lib/session/identity.ts); separate so browser code needs no node:crypto. */
export const IDENTITY_COOKIE = 'ce-identity';

/** Set on <html> before the page is drawn when the identity cookie is there (components/shell/SignedInMark.tsx). */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';
