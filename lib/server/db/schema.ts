/**
 * The database schema (Drizzle, PostgreSQL dialect; runs on PGlite and PostgreSQL alike), one file per
 * domain under ./tables. Migrations are generated from this file by `npm run db:generate` into ./migrations
 * and committed.
 */
export * from './tables/columns';
export * from './tables/teachers';
export * from './tables/accounts';
export * from './tables/catalogue';
export * from './tables/site';
export * from './tables/live';
export * from './tables/learning';
export * from './tables/stations';
export * from './tables/spaces';
export * from './tables/operations';
export * from './tables/jobs';
export * from './tables/roles';
export * from './tables/media';
export * from './tables/assignments';
export * from './tables/notifications';
