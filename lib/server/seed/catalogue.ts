/**
 * The catalogue: dictionaries, settings, orgs, teachers, course types, courses, series,
 * training projects and academic reports, live classes and banners.
 */
import {
  AUDIT_STATUS,
  COURSE_CATEGORIES,
  GENDERS,
  HOME_MODULES,
  POSITION_LEVELS,
  TRAIN_APPLY_STATUS,
} from '@/lib/constants';
import type { Db } from '../db/types';
import {
  banners,
  courses,
  courseTypes,
  dictionaries,
  liveClasses,
  orgs,
  series,
  siteSettings,
  teachers,
  trains,
} from '../db/schema';
import { deck, Rng } from './random';
import {
  addMs,
  assignAudiences,
  avatar,
  cover,
  DAY,
  daysAgo,
  HOUR,
  insertAll,
  insertIds,
  MINUTE,
  without,
  type Clock,
} from './util';
import {
  CATEGORY_CODES,
  cnNumber,
  COURSE_PATTERNS,
  COURSE_TOPICS,
  COURSE_TYPE_CHILDREN,
  DICTIONARIES,
  drawDistinct,
  EXTERNAL_ORGS,
  EXTERNAL_TITLES,
  fill,
  INTERNAL_TITLES,
  LIVE_TOPICS,
  ORGS,
  personName,
  REPORT_PATTERNS,
  roundSuffix,
  SERIES_SUFFIXES,
  SERIES_TOPICS,
  SUMMARY_BODY,
  SUMMARY_OPENERS,
  TEACHER_FIELDS,
  TRAIN_PATTERNS,
  TRAIN_SUBJECTS,
  type CategoryCode,
  type Lean,
} from './words';

const categoryName = (code: number) => COURSE_CATEGORIES.find((c) => c.code === code)?.name ?? '';

/** Dictionaries (SPEC 3 lookup tables and the train criteria). */
export async function seedDictionaries(db: Db): Promise<void> {
  const rows: (typeof dictionaries.$inferInsert)[] = [];
  const add = (dictType: string, entries: readonly (readonly [number, string])[]) =>
    entries.forEach(([code, name], i) => rows.push({ dictType, code, name, sort: i + 1 }));
  for (const [type, entries] of Object.entries(DICTIONARIES)) add(type, entries);
  add(
    'gender',
    Object.entries(GENDERS).map(([c, n]) => [Number(c), n] as const),
  );
  add(
    'positionLevel',
    POSITION_LEVELS.map((n, i) => [i, n] as const),
  );
  add(
    'trainApplyStatus',
    Object.entries(TRAIN_APPLY_STATUS).map(([c, n]) => [Number(c), n] as const),
  );
  add(
    'auditType',
    Object.entries(AUDIT_STATUS).map(([c, n]) => [Number(c), n] as const),
  );
  add(
    'homeModule',
    Object.values(HOME_MODULES).map((n, i) => [i + 1, n] as const),
  );
  add(
    'homeCourseType',
    COURSE_CATEGORIES.map((c) => [c.code, c.name] as const),
  );
  await insertAll(db, dictionaries, rows);
}

export async function seedSettings(db: Db): Promise<void> {
  await insertAll(db, siteSettings, [
    {
      key: 'platformDetail',
      value: {
        siteName: '继续教育网络学院',
        studyImage: JSON.stringify({ background: '/banners/banner-1.svg', document: '/banners/banner-2.svg' }),
        homeImage: JSON.stringify({ background: '/banners/banner-3.svg', document: '/banners/banner-4.svg' }),
      },
    },
    { key: 'auditSetting', value: { isMachine: true, isManual: false } },
    { key: 'stuLogo', value: '/logos/student.svg' },
  ]);
}

export interface SeededOrg {
  id: number;
  name: string;
  kind: number;
}

export async function seedOrgs(db: Db): Promise<SeededOrg[]> {
  const ids = await insertIds(
    db,
    orgs,
    ORGS.map((o) => ({ ...o })),
  );
  return ORGS.map((o, i) => ({ id: ids[i], name: o.name, kind: o.kind }));
}

export interface SeededTeacher {
  id: number;
  name: string;
  title: string;
  orgName: string;
  gender: number;
  avatar: string;
  category: CategoryCode;
}

export interface Catalogue {
  teachers: SeededTeacher[];
  courseIds: number[];
  trainIds: number[];
  /** Trains that had started before now (offline study records point at these). */
  pastTrainIds: number[];
}

const TEACHER_COUNT = 48;

interface TeacherPlan extends Omit<SeededTeacher, 'id'> {
  type: number;
  field: string;
  intro: string;
  audiences: string[];
  courseCount: number;
}

function planTeachers(rng: Rng): TeacherPlan[] {
  const names = new Set<string>();
  const leans: Lean[] = [];
  const plans: TeacherPlan[] = [];
  const internalOrgs = ORGS.filter((o) => o.kind === 1).map((o) => o.name);
  for (let i = 0; i < TEACHER_COUNT; i++) {
    const category = CATEGORY_CODES[(i + 1) % 6];
    const type = i % 5 < 3 ? 1 : 2;
    const gender = i === 0 ? 1 : rng.chance(0.35) ? 2 : 1;
    const name = personName(rng, gender, names);
    const title = rng.weighted(type === 1 ? INTERNAL_TITLES : EXTERNAL_TITLES);
    const orgName = i === 0 ? '计算技术研究所' : type === 1 ? rng.pick(internalOrgs) : rng.pick(EXTERNAL_ORGS);
    const field = i === 0 ? '人工智能' : rng.pick(TEACHER_FIELDS[category]);
    const papers = rng.int(3, 20) * 10;
    const intro = [
      `${name}，${orgName}${title}，主要从事${field}方向的研究与教学工作。`,
      rng.pick([
        `先后主持国家级科研项目多项，发表学术论文${papers}余篇。`,
        `曾获国家科学技术进步奖等多项奖励，出版专著${rng.int(2, 6)}部。`,
        `长期参与国家重大战略研究和政策咨询，成果丰硕。`,
      ]),
      rng.pick([
        '长期承担继续教育授课任务，授课深入浅出，深受学员好评。',
        '注重理论联系实际，善于结合案例开展教学。',
        '多次被评为网络学院优秀授课教师。',
      ]),
    ].join('');
    // Avatars: odd numbers are drawn as men, even numbers as women.
    const av = avatar(gender === 2 ? rng.int(1, 6) * 2 : rng.int(0, 5) * 2 + 1);
    leans.push(category === 301 ? 'party' : category === 304 && i % 2 === 0 ? 'student' : null);
    plans.push({
      name,
      title,
      orgName,
      gender,
      avatar: av,
      category,
      type,
      field,
      intro,
      audiences: [],
      courseCount: 0,
    });
  }
  const auds = assignAudiences(rng, leans);
  plans.forEach((p, i) => (p.audiences = auds[i]));
  plans[0].audiences = ['general', 'party', 'student'];
  return plans;
}

function courseSummary(rng: Rng, topic: string, category: CategoryCode, chapters: number, minutes: number): string {
  const parts = [fill(rng.pick(SUMMARY_OPENERS), { t: topic })];
  parts.push(...rng.sample(SUMMARY_BODY[category], rng.int(1, 2)));
  // The length is not stated: the chapters play the demo clips, and the course's duration is their sum (seedChapters).
  void minutes;
  if (rng.chance(0.6)) parts.push(`课程共${cnNumber(Math.min(chapters, 12))}讲。`);
  return parts.join('');
}

export async function seedCatalogue(db: Db, clock: Clock, scale: number, orgList: SeededOrg[]): Promise<Catalogue> {
  const { today } = clock;
  const count = (base: number) => Math.max(1, Math.round(base * scale));

  // Teachers (people do not scale).
  const teacherPlans = planTeachers(Rng.for('teachers'));

  // Course types: one parent per category, then its children.
  const parentIds = await insertIds(
    db,
    courseTypes,
    CATEGORY_CODES.map((code, i) => ({ name: categoryName(code), parentId: null, categoryCode: code, sort: i + 1 })),
  );
  const childRows = CATEGORY_CODES.flatMap((code, i) =>
    COURSE_TYPE_CHILDREN[code].map((name, k) => ({ name, parentId: parentIds[i], categoryCode: code, sort: k + 1 })),
  );
  const childIds = await insertIds(db, courseTypes, childRows);
  const typesByCategory = new Map<number, number[]>();
  childRows.forEach((r, i) =>
    typesByCategory.set(r.categoryCode, [...(typesByCategory.get(r.categoryCode) ?? []), childIds[i]]),
  );

  // Courses, planned first so that teachers get their course counts.
  const rng = Rng.for('courses');
  const perCategory = count(40);
  type CoursePlan = Omit<typeof courses.$inferInsert, 'teacherId'> & { teacherIndex: number; publishedAt: Date };
  const coursePlans: CoursePlan[] = [];
  for (const category of CATEGORY_CODES) {
    const pool = COURSE_TOPICS[category].flatMap((t) =>
      COURSE_PATTERNS[category].map((p) => ({ t, title: fill(p, { t }) })),
    );
    const drawn = drawDistinct(rng, pool, perCategory);
    const leans: Lean[] = drawn.map((_, i) =>
      category === 301 ? 'party' : category === 304 && i % 3 === 0 ? 'student' : null,
    );
    const auds = assignAudiences(rng, leans);
    const hot = deck(rng, perCategory, [
      [true, 15],
      [false, 85],
    ]);
    const teacherIdx = teacherPlans.map((t, i) => (t.category === category ? i : -1)).filter((i) => i >= 0);
    const types = typesByCategory.get(category) ?? [];
    drawn.forEach(({ item, round }, i) => {
      const minutes = rng.int(10, 90);
      const chapters = Math.min(12, Math.max(1, Math.round(minutes / 8) + rng.int(-2, 1)));
      const publishedAt = daysAgo(rng, today, rng.int(1, 730));
      const ti = rng.pick(teacherIdx);
      teacherPlans[ti].courseCount++;
      coursePlans.push({
        title: item.title + roundSuffix(round, '讲'),
        categoryCode: category,
        courseTypeId: rng.pick(types),
        teacherIndex: ti,
        cover: cover(rng, category),
        summary: courseSummary(rng, item.t, category, chapters, minutes),
        durationSeconds: minutes * 60,
        chapterCount: chapters,
        studyCount: Math.round(30 + rng.next() ** 2.5 * 15000),
        score: Math.max(rng.int(35, 50), rng.int(38, 50)),
        isHot: hot[i],
        auditStatus: 1052,
        audiences: auds[i],
        publishedAt,
      });
    });
  }

  const teacherIds = await insertIds(
    db,
    teachers,
    teacherPlans.map((t, i) => ({
      name: t.name,
      type: t.type,
      title: t.title,
      orgName: t.orgName,
      field: t.field,
      intro: t.intro,
      avatar: t.avatar,
      gender: t.gender,
      courseCount: t.courseCount,
      sort: i + 1,
      audiences: t.audiences,
    })),
  );
  const seededTeachers: SeededTeacher[] = teacherPlans.map((t, i) => ({
    id: teacherIds[i],
    name: t.name,
    title: t.title,
    orgName: t.orgName,
    gender: t.gender,
    avatar: t.avatar,
    category: t.category,
  }));

  // Oldest first, so that ids grow with the publication date.
  coursePlans.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  const courseIds = await insertIds(
    db,
    courses,
    coursePlans.map((c) => ({ ...without(c, 'teacherIndex'), teacherId: teacherIds[c.teacherIndex] })),
  );

  await seedSeries(db, clock, count(48));
  const trainResult = await seedTrains(db, clock, count(72), orgList, seededTeachers);
  await seedLive(db, clock, count(24), seededTeachers, orgList);

  // Banners link to a hot course, an open training project, a party course, an academic report and a recent course.
  const courseAt = (pred: (c: CoursePlan) => boolean, fallback: number) => {
    for (let i = coursePlans.length - 1; i >= 0; i--) if (pred(coursePlans[i])) return i;
    return fallback;
  };
  const hotCourse = courseAt((c) => !!c.isHot && c.categoryCode === 302, coursePlans.length - 1);
  const partyCourse = courseAt((c) => c.categoryCode === 301, coursePlans.length - 2);
  const skillCourse = courseAt((c) => c.categoryCode === 304, coursePlans.length - 3);
  const t4 = trainResult.openTrain;
  const t5002 = trainResult.openReport;
  const bannerRows: (typeof banners.$inferInsert)[] = [
    {
      title: coursePlans[partyCourse].title,
      link: `/course/detail?id=${courseIds[partyCourse]}`,
      audiences: ['general', 'party', 'student'],
    },
    { title: t4.title, link: `/train/detail?id=${t4.id}`, audiences: ['general', 'party', 'student'] },
    {
      title: coursePlans[hotCourse].title,
      link: `/course/detail?id=${courseIds[hotCourse]}`,
      audiences: ['general', 'party'],
    },
    { title: t5002.title, link: `/train/detail?id=${t5002.id}`, audiences: ['general', 'student'] },
    {
      title: coursePlans[skillCourse].title,
      link: `/course/detail?id=${courseIds[skillCourse]}`,
      audiences: ['general', 'party', 'student'],
    },
  ].map((b, i) => ({ ...b, imageUrl: `/banners/banner-${i + 1}.svg`, sort: i + 1 }));
  await insertAll(db, banners, bannerRows);

  return { teachers: seededTeachers, courseIds, trainIds: trainResult.ids, pastTrainIds: trainResult.pastIds };
}

async function seedSeries(db: Db, clock: Clock, n: number): Promise<void> {
  const rng = Rng.for('series');
  const pool = SERIES_TOPICS.flatMap((s) => SERIES_SUFFIXES.map((suffix) => ({ ...s, title: s.t + suffix })));
  const drawn = drawDistinct(rng, pool, n);
  const auds = assignAudiences(
    rng,
    drawn.map((d) => d.item.lean),
  );
  const recommended = deck(rng, n, [
    [true, 1],
    [false, 2],
  ]);
  const rows = drawn.map(({ item, round }, i) => {
    const courseCount = rng.int(3, 15);
    const summary = [
      `本系列围绕“${item.t}”精选优质课程，帮助学员系统学习、融会贯通。`,
      rng.pick([
        '课程由院内外知名专家学者主讲，内容权威、案例丰富。',
        '系列课程按照由浅入深的顺序编排，建议按顺序学习。',
        '学员完成全部课程学习后可获得相应学时。',
      ]),
      rng.chance(0.5) ? '欢迎广大职工和研究生积极参加学习。' : '',
    ].join('');
    return {
      title: item.title + roundSuffix(round),
      cover: cover(rng, item.lean === 'party' ? 'party' : 'any'),
      summary,
      courseCount,
      studyCount: Math.round(100 + rng.next() ** 2 * 30000),
      isRecommended: recommended[i],
      audiences: auds[i],
      targetAudiences: auds[i],
      publishedAt: daysAgo(rng, clock.today, rng.int(1, 730)),
    };
  });
  rows.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  await insertAll(db, series, rows);
}

/** The visitor-visible apply cases (SPEC 4.4): 1 cannot enrol, 9 internal, 2 not set, 3 not started, 4 open, 5 ended. */
const APPLY_CASES = [1, 9, 2, 3, 4, 5] as const;

interface TrainResult {
  ids: number[];
  pastIds: number[];
  openTrain: { id: number; title: string };
  openReport: { id: number; title: string };
}

async function seedTrains(
  db: Db,
  clock: Clock,
  n: number,
  orgList: SeededOrg[],
  teacherList: SeededTeacher[],
): Promise<TrainResult> {
  const rng = Rng.for('trains');
  const { today, now } = clock;
  const dayOfMonth = today.getUTCDate();
  const daysLeft = Math.round((clock.nextMonthStart.getTime() - today.getTime()) / DAY); // including today
  const at = (dayOffset: number, ms: number) => addMs(today, dayOffset * DAY + ms);
  const inThisMonth = () => rng.int(-(dayOfMonth - 1), daysLeft - 1);

  const nProjects = Math.ceil(n / 2);
  const projectPool = TRAIN_SUBJECTS.flatMap((s) => TRAIN_PATTERNS.map((p) => ({ ...s, pattern: p as string })));
  const reportPool = [
    ...COURSE_TOPICS[302].flatMap((t) =>
      REPORT_PATTERNS.map((p) => ({ t, pattern: p as string, lean: null as Lean, trainType: 2 })),
    ),
    ...COURSE_TOPICS[301]
      .slice(0, 10)
      .flatMap((t) =>
        ['{t}专题报告会', '{t}宣讲报告会'].map((p) => ({ t, pattern: p, lean: 'party' as Lean, trainType: 3 })),
      ),
    ...COURSE_TOPICS[304]
      .slice(0, 10)
      .map((t) => ({ t, pattern: '{t}专题讲座', lean: 'student' as Lean, trainType: 1 })),
  ];
  const projects = drawDistinct(rng, projectPool, nProjects);
  const reports = drawDistinct(rng, reportPool, n - nProjects);

  const byKind = (kind: number) => orgList.filter((o) => o.kind === kind).map((o) => o.name);
  const orgNames: Record<number, readonly string[]> = {
    1: byKind(2),
    2: byKind(1),
    3: [...byKind(3), ...EXTERNAL_ORGS.slice(0, 10)],
    4: EXTERNAL_ORGS.slice(10),
  };

  type Plan = typeof trains.$inferInsert & { lean: Lean; applyCase: number };
  const plans: Plan[] = [];
  for (let i = 0; i < n; i++) {
    const isReport = i % 2 === 1;
    const applyCase = APPLY_CASES[Math.floor(i / 2) % APPLY_CASES.length];
    const drawn = isReport ? reports[(i - 1) / 2] : projects[i / 2];
    const item = drawn.item;

    // Dates, in whole days from today; apply windows run from 00:00 to 23:59:59 Beijing time (UTC+8).
    let startOff: number;
    let applyStartOff: number | null = null;
    let applyEndOff: number | null = null;
    switch (applyCase) {
      case 3:
        applyStartOff = rng.int(3, 40);
        applyEndOff = applyStartOff + rng.int(5, 20);
        startOff = applyEndOff + rng.int(1, 10);
        break;
      case 4:
        startOff = rng.chance(0.5) && daysLeft - 1 >= 4 ? rng.int(4, daysLeft - 1) : rng.int(5, 90);
        applyStartOff = -rng.int(1, 20);
        applyEndOff = rng.int(2, startOff - 1);
        break;
      case 5:
        applyEndOff = -rng.int(1, 45);
        applyStartOff = applyEndOff - rng.int(7, 30);
        startOff = applyEndOff + rng.int(1, 14);
        break;
      default: // 1, 9, 2: no apply dates; many of them in the current month
        startOff = rng.chance(0.6) ? inThisMonth() : rng.int(-182, 182);
    }
    const days = isReport
      ? 1
      : rng.weighted([
          [1, 2],
          [2, 3],
          [3, 3],
          [5, 2],
          [10, 1],
        ] as const);
    const startAt = isReport ? at(startOff, 6.5 * HOUR) : at(startOff, 1 * HOUR);
    const endAt = isReport ? addMs(startAt, rng.pick([2, 3]) * HOUR) : at(startOff + days - 1, 9.5 * HOUR);
    const year = new Date(startAt.getTime() + 8 * HOUR).getUTCFullYear();

    const title = isReport
      ? fill(item.pattern, { t: item.t }) + roundSuffix(drawn.round, '场')
      : fill(item.pattern, { t: item.t, y: year, k: cnNumber(rng.int(1, 12)) }).replace('能力能力', '能力') +
        roundSuffix(drawn.round, '批');
    const isOnline = rng.chance(isReport ? 0.5 : 0.3);
    const orgSource = rng.weighted([
      [1, 3],
      [2, 4],
      [3, 2],
      [4, 1],
    ] as const);
    const orgName = rng.pick(orgNames[orgSource]);
    const itemType = isOnline && rng.chance(0.7) ? 4 : isReport ? rng.pick([1, 1, 2]) : rng.pick([1, 2, 3]);
    const trainTypeId = isReport ? item.trainType : item.trainType === 1 && rng.chance(0.3) ? 5 : item.trainType;
    const hours = isReport ? (endAt.getTime() - startAt.getTime()) / HOUR : Math.min(40, days * 8 - rng.int(0, 2) * 2);
    const mode = isOnline ? '线上' : rng.pick(['线下集中', '线上线下相结合']);
    let summary: string;
    if (isReport) {
      const speaker = rng.pick(teacherList);
      summary =
        (item.lean === 'party'
          ? `本次报告邀请${speaker.orgName}${speaker.name}${speaker.title}作专题辅导，深入解读${item.t}的丰富内涵和实践要求。`
          : `本次报告邀请${speaker.orgName}${speaker.name}${speaker.title}作报告，介绍${item.t}的最新研究进展与发展趋势。`) +
        `报告采取${mode}方式进行，欢迎${item.lean === 'party' ? '广大党员干部' : '感兴趣的科研人员和研究生'}参加。` +
        (rng.chance(0.5) ? '报告结束后设有互动交流环节。' : '');
    } else {
      summary =
        `本期${item.t}培训由${orgName}主办，采取${mode}方式进行。` +
        `培训内容包括专题讲座、研讨交流、现场教学等环节，共计${hours}学时。` +
        (rng.chance(0.6) ? '培训结束后进行考核，合格者计入年度继续教育学时。' : '');
    }
    const firstOff = Math.min(startOff, applyStartOff ?? startOff);
    const publishedAt = daysAgo(rng, today, Math.max(1, -firstOff + rng.int(7, 30)));
    plans.push({
      title,
      type: isReport ? 5002 : 5001,
      trainTypeId,
      orgSource,
      itemType,
      isOnline,
      orgName,
      cover: cover(rng, item.lean === 'party' ? 'party' : 'any'),
      summary,
      hours,
      startAt,
      endAt,
      applyStartAt: applyStartOff === null ? null : at(applyStartOff, -8 * HOUR),
      applyEndAt: applyEndOff === null ? null : at(applyEndOff, 16 * HOUR - 1000),
      applyMode: applyCase === 1 ? 1 : applyCase === 9 ? 9 : 0,
      capacity: isReport ? rng.int(10, 30) * 10 : rng.int(6, 24) * 5,
      audiences: [],
      publishedAt,
      lean: item.lean,
      applyCase,
    });
  }
  const auds = assignAudiences(
    rng,
    plans.map((p) => p.lean),
  );
  plans.forEach((p, i) => (p.audiences = auds[i]));
  plans.sort((a, b) => a.publishedAt!.getTime() - b.publishedAt!.getTime());
  const ids = await insertIds(
    db,
    trains,
    plans.map((p) => without(p, 'lean', 'applyCase')),
  );
  const find = (type: number, prefer: (p: Plan) => boolean) => {
    let idx = plans.findIndex((p) => p.type === type && prefer(p));
    if (idx < 0) idx = plans.findIndex((p) => p.type === type);
    if (idx < 0) idx = 0;
    return { id: ids[idx], title: plans[idx].title };
  };
  const open = (p: Plan) => p.applyCase === 4 && p.audiences!.includes('general');
  return {
    ids,
    pastIds: ids.filter((_, i) => plans[i].startAt.getTime() < now.getTime()),
    openTrain: find(5001, open),
    openReport: find(5002, open),
  };
}

async function seedLive(
  db: Db,
  clock: Clock,
  n: number,
  teacherList: SeededTeacher[],
  orgList: SeededOrg[],
): Promise<void> {
  const rng = Rng.for('live');
  const { now, today } = clock;
  const drawn = drawDistinct(rng, LIVE_TOPICS, n);
  const leans: Lean[] = drawn.map(({ item }) =>
    /党|科学家精神/.test(item) ? 'party' : /研究生|论文/.test(item) ? 'student' : null,
  );
  const auds = assignAudiences(rng, leans);
  const upcoming = Math.max(1, Math.round(n / 4));
  const rows = drawn.map(({ item, round }, i) => {
    const picked = rng.pick(teacherList);
    // The demo accounts linked to teachers see the stream keys of their classes (issue 24): `lecturer` (teacher 2)
    // teaches the first class on air and the first upcoming one, `teacher` (teacher 1) the second class on air.
    // The generator is drawn as before, so the rest of the data is unchanged.
    const teacher = n > 2 && i < 3 ? teacherList[i === 1 ? 0 : 1] : picked;
    let startAt: Date;
    let endAt: Date;
    // Every class credits hours and has its recording once ended (issue 26: a class listed as 回放 whose page
    // said 本场直播暂无回放 with 0 学时, because classes seeded on air or upcoming had neither when they ended).
    let recordHours: number;
    if (i < 2 && n > 2) {
      // Live now (`now` is the start of the seed's UTC day). The lecturer's class (i = 0) runs into the next day, so
      // a class is on air whenever the demo or the tests run on the day they seeded (the live end-to-end test).
      startAt = addMs(now, i === 0 ? -1 * HOUR : -30 * MINUTE);
      endAt = addMs(now, i === 0 ? 25 * HOUR : 6 * HOUR);
      recordHours = 2;
    } else if (i < 2 + upcoming) {
      startAt = addMs(today, rng.int(1, 45) * DAY + rng.pick([1.5, 6, 11]) * HOUR);
      const hours = rng.pick([1.5, 2, 3]);
      endAt = addMs(startAt, hours * HOUR);
      recordHours = Math.max(1, Math.round(hours));
    } else {
      const hours = rng.pick([1.5, 2, 3]);
      startAt = addMs(today, -rng.int(1, 365) * DAY + rng.pick([1.5, 6, 11]) * HOUR);
      endAt = addMs(startAt, hours * HOUR);
      recordHours = Math.max(1, Math.round(hours));
    }
    return {
      title: item + roundSuffix(round, '期'),
      teacherId: teacher.id,
      cover: cover(rng, leans[i] === 'party' ? 'party' : 'any'),
      summary: `${teacher.orgName}${teacher.name}${teacher.title}主讲“${item}”。${rng.pick([
        '直播期间设有在线互动答疑环节。',
        '直播结束后提供回放，观看回放同样计入学时。',
        '欢迎广大学员准时收看。',
      ])}`,
      startAt,
      endAt,
      recordHours,
      // Each class has its recording for when it has ended, one of the demo clips (drawn without the generator: same
      // seed, same data); a class broadcast through the ingest replaces it with its own recording.
      replayMedia: `demo-${(i % 3) + 1}`,
      // The lecturer's class on air is on the main site too (the live end-to-end test streams to it there).
      audiences: i === 0 && n > 2 && !auds[i].includes('general') ? [...auds[i], 'general'] : auds[i],
      // The class belongs to its teacher's institute (an outside teacher's class to the whole institution), as
      // migration 0025 assigns them: the power 'live-manage' over it manages the class.
      orgId: orgList.find((o) => o.name === teacher.orgName)?.id ?? null,
    };
  });
  rows.sort((a, b) => a.startAt.getTime() - b.startAt.getTime());
  await insertAll(db, liveClasses, rows);
}
