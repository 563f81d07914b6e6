/** Per-site content and settings (see lib/server/db/schema.ts): home banners, dictionaries, site-wide settings. */
import { integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { audiences } from './columns';
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  audiences: audiences(),
});

/** Dictionaries (ddictionary/list and the train criteria). */
export const dictionaries = pgTable(
  'dictionaries',
  {
    dictType: text('dict_type').notNull(),
    code: integer('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dictType, t.code] })],
);

/** Site-wide settings: platform detail, audit setting, assistant switch. */
export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
