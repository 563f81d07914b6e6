/**
 * Scoped management roles (issue 25): a role grants named powers (lib/contract/management POWERS); a grant gives a
 * role to an operator over one organisation and its sub-organisations, or over the whole institution (org null).
 * Checked by lib/server/services/management/powers.ts for every management call.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators, orgs } from './accounts';

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    powers: text('powers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    description: text('description').notNull().default(''),
    /** Holders of this role must pass the TOTP second factor before any management call (GB/T 22239 三级). */
    requireTotp: boolean('require_totp').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_name_idx').on(t.name)],
);

export const roleGrants = pgTable(
  'role_grants',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    /** null: the whole institution (every organisation). */
    orgId: integer('org_id').references(() => orgs.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('role_grants_unique_idx').on(t.operatorId, t.roleId, sql`coalesce(${t.orgId}, 0)`),
    index('role_grants_org_idx').on(t.orgId),
  ],
);
