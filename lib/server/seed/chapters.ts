/**
 * Chapters of every seeded course: `chapterCount` chapters, each playing one of the demo clips (demo-1 ..
 * demo-3) of the media store and as long as it; the course's duration becomes their sum, so the catalogue,
 * the detail page and the player tell the same length.
 */
import { eq, sql } from 'drizzle-orm';
import { CLIPS } from '@/lib/server/services/media/demo-media';
import type { Db } from '../db/types';
import { courseChapters, courses, series, seriesCourses, stationCourses, stations } from '../db/schema';
import type { Catalogue } from './catalogue';
import { insertAll } from './util';

const CHAPTER_NAMES = [
  '导论',
  '背景与意义',
  '基本概念',
  '理论框架',
  '政策要点',
  '实践路径',
  '典型案例',
  '问题与对策',
  '经验启示',
  '前沿进展',
  '总结与展望',
  '答疑与讨论',
];
const CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十', '十一', '十二'];

export async function seedChapters(db: Db, catalogue: Catalogue): Promise<void> {
  void catalogue;
  const all = await db
    .select({ id: courses.id, count: courses.chapterCount })
    .from(courses)
    .where(eq(courses.auditStatus, 1052))
    .orderBy(courses.id);
  const rows: (typeof courseChapters.$inferInsert)[] = [];
  for (const c of all) {
    const n = Math.max(1, Math.min(c.count, CHAPTER_NAMES.length));
    for (let k = 0; k < n; k++) {
      const media = `demo-${((c.id + k) % 3) + 1}`;
      rows.push({
        courseId: c.id,
        sort: k + 1,
        title: `第${CN[k]}讲 ${CHAPTER_NAMES[k]}`,
        durationSeconds: CLIPS[media].duration,
        media,
      });
    }
  }
  await insertAll(db, courseChapters, rows);
  await db.execute(sql`
    UPDATE courses SET duration_seconds = t.total, chapter_count = t.n
    FROM (SELECT course_id, sum(duration_seconds)::int AS total, count(*)::int AS n FROM course_chapters GROUP BY course_id) t
    WHERE courses.id = t.course_id AND courses.audit_status = 1052`);
}

/** Each series holds `courseCount` published courses, picked deterministically from the catalogue. */
export async function seedSeriesCourses(db: Db): Promise<void> {
  const published = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.auditStatus, 1052))
    .orderBy(courses.id);
  const all = await db.select({ id: series.id, count: series.courseCount }).from(series).orderBy(series.id);
  if (published.length === 0) return;
  const rows: (typeof seriesCourses.$inferInsert)[] = [];
  for (const s of all) {
    const n = Math.min(s.count, published.length);
    for (let k = 0; k < n; k++) {
      const course = published[(s.id * 7 + k * 13) % published.length];
      if (rows.some((r) => r.seriesId === s.id && r.courseId === course.id)) continue;
      rows.push({ seriesId: s.id, courseId: course.id, sort: k + 1 });
    }
  }
  await insertAll(db, seriesCourses, rows);
}

const STATIONS = [
  ['综合管理岗', '行政、人事、财务等综合管理工作'],
  ['科研岗', '从事科学研究与技术开发'],
  ['技术支撑岗', '实验、仪器、信息化等技术支撑工作'],
  ['党务工作岗', '党建、纪检、宣传与群团工作'],
  ['领导干部岗', '处级及以上领导干部'],
  ['教学岗', '研究生教学与培养'],
] as const;

/** Six learning stations, each with a dozen recommended courses. Nobody is bound to one at first. */
export async function seedStations(db: Db): Promise<void> {
  await insertAll(
    db,
    stations,
    STATIONS.map(([name, summary], i) => ({ name, summary, sort: i + 1 })),
  );
  const published = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.auditStatus, 1052))
    .orderBy(courses.id);
  const all = await db.select({ id: stations.id }).from(stations).orderBy(stations.id);
  const rows: (typeof stationCourses.$inferInsert)[] = [];
  for (const s of all) {
    const picked = new Set<number>();
    for (let k = 0; picked.size < Math.min(12, published.length); k++)
      picked.add(published[(s.id * 11 + k * 17) % published.length].id);
    [...picked].forEach((courseId, i) => rows.push({ stationId: s.id, courseId, sort: i + 1 }));
  }
  await insertAll(db, stationCourses, rows);
}
