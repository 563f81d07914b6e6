-- Tables of the accounts domain (lib/server/db/tables/accounts.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
SELECT 1;
