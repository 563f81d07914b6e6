/** Card column sets shared by every domain that lists courses, trainings, live classes or teachers. */
import { sql } from 'drizzle-orm';
import { courses, liveClasses, teachers, trains } from '@/lib/server/db/schema';

/**
 * The columns of the cards the home modules show (course, training project, live class), selected the same
 * way by every list that shows such a card (catalogue lists, spaces, new-employee series, station picks).
 * Queries that select them join teachers (course and live cards).
 */
export const courseCardColumns = {
  id: courses.id,
  title: courses.title,
  cover: courses.cover,
  categoryCode: courses.categoryCode,
  teacherName: sql<string>`coalesce(${teachers.name}, '')`,
  studyCount: courses.studyCount,
  durationSeconds: courses.durationSeconds,
};
export const trainCardColumns = {
  id: trains.id,
  title: trains.title,
  type: trains.type,
  cover: trains.cover,
  orgName: trains.orgName,
  isOnline: trains.isOnline,
  hours: trains.hours,
  startAt: trains.startAt,
  endAt: trains.endAt,
  applyMode: trains.applyMode,
  applyStartAt: trains.applyStartAt,
  applyEndAt: trains.applyEndAt,
};
export const liveCardColumns = {
  id: liveClasses.id,
  title: liveClasses.title,
  cover: liveClasses.cover,
  teacherName: sql<string>`coalesce(${teachers.name}, '')`,
  startAt: liveClasses.startAt,
  endAt: liveClasses.endAt,
  recordHours: liveClasses.recordHours,
  // As services/live/replay.ts replayFrom: a broadcast class's recording, else the clip of one never broadcast.
  hasReplay: sql<boolean>`(${liveClasses.recordingPrefix} <> '' or (${liveClasses.broadcastAt} is null and ${liveClasses.replayMedia} <> ''))`,
};
export const teacherCardColumns = {
  id: teachers.id,
  name: teachers.name,
  type: teachers.type,
  title: teachers.title,
  orgName: teachers.orgName,
  avatar: teachers.avatar,
  courseCount: teachers.courseCount,
};
