/**
 * Tables of the accounts domain (see lib/server/db/schema.ts). Import shared tables from './core'.
 */
export {};
