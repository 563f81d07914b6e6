-- Tables of the catalogue domain (lib/server/db/tables/catalogue.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
SELECT 1;
