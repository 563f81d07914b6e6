/** Teachers (师资): listed by the catalogue, linked from an operator's account and from live classes. */
import { index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { audiences } from './columns';
export const teachers = pgTable(
  'teachers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    type: smallint('type').notNull(), // 1 internal, 2 external (SPEC 9)
    title: text('title').notNull().default(''),
    orgName: text('org_name').notNull().default(''),
    field: text('field').notNull().default(''),
    intro: text('intro').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gender: smallint('gender').notNull().default(1),
    courseCount: integer('course_count').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    audiences: audiences(),
  },
  (t) => [index('teachers_type_idx').on(t.type, t.sort)],
);
