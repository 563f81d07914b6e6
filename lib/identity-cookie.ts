/** Name of the signed identity cookie (lib/identity.ts); separate so browser code needs no node:crypto. */
export const IDENTITY_COOKIE = 'ce-identity';
