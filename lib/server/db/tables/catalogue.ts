/**
 * Tables of the catalogue domain (see lib/server/db/schema.ts). Import shared tables from './core'.
 */
export {};
