/**
 * Learning stations (学习岗位站, see lib/server/db/schema.ts): the stations, the ones each user bound, and the
 * courses recommended for each.
 */
import { integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { operators } from './accounts';
import { courses } from './catalogue';
import { created } from './columns';
/** Learning stations (学习岗位站): a user binds the stations of their post (the post-station dialog, accounts). */
export const stations = pgTable('stations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  summary: text('summary').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});

/** The stations a user has bound. */
export const operatorStations = pgTable(
  'operator_stations',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.stationId] })],
);

/** Courses recommended for a station (the station-specific recommendations, spaces). */
export const stationCourses = pgTable(
  'station_courses',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.courseId] })],
);
