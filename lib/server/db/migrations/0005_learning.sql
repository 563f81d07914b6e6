-- Tables of the learning domain (lib/server/db/tables/learning.ts). Hand-written until the domains are merged,
-- then folded into one drizzle-kit migration. Keep it in step with the Drizzle definitions.
SELECT 1;
