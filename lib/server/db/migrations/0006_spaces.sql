-- Tables of the spaces domain (lib/server/db/tables/spaces.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
SELECT 1;
