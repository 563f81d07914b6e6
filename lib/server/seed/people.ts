/** Operators (the demo accounts and ~200 generated learners) and their study records. */
import type { Db } from '../db/types';
import { operators, studyRecords } from '../db/schema';
import { DEMO_ACCOUNTS } from './accounts';
import type { Catalogue, SeededOrg } from './catalogue';
import { Rng } from './random';
import { avatar, DAY, HOUR, insertAll, insertIds, without, type Clock } from './util';
import { personName } from './words';

export const GENERATED_LEARNERS = 200;
/** Hash of accounts that cannot log in (generated learners exist for rankings only). */
export const DISABLED_HASH = '!disabled';

/** The demo learner's effective study time this year (seconds). */
export const DEMO_LEARNER_THIS_YEAR = { online: 31 * 3600, offline: 52 * 3600 } as const;

/** Head pictures of the demo accounts (odd avatars are drawn as men, even ones as women). */
const DEMO_AVATARS: Record<string, number> = { learner: 1, manager: 9, party: 2, student: 4 };

interface Person {
  id: number;
  orgIndex: number;
  positionLevel: number;
  /** Fixed yearly totals in seconds, by year offset (0 this year, 1 last year); null: generated. */
  fixed?: Record<0 | 1, { online: number; offline: number }>;
  skip?: boolean;
}

export async function seedPeople(
  db: Db,
  clock: Clock,
  orgList: SeededOrg[],
  catalogue: Catalogue,
  hashes: Record<string, string>,
): Promise<Record<string, number>> {
  const rng = Rng.for('people');
  const orgIndex = (name: string) =>
    Math.max(
      0,
      orgList.findIndex((o) => o.name === name),
    );
  const taken = new Set<string>(catalogue.teachers.map((t) => t.name));
  const early = DEMO_ACCOUNTS.filter((a) => !a.seededLast);
  const late = DEMO_ACCOUNTS.filter((a) => a.seededLast);

  // Demo accounts first (fixed order, fixed ids on a fresh database).
  const demoRow = (a: (typeof DEMO_ACCOUNTS)[number], i: number) => {
    const teacher = a.isTeacher ? catalogue.teachers[a.teacherIndex ?? 0] : null;
    const name = teacher ? teacher.name : a.name;
    taken.add(name);
    return {
      userId: a.userId,
      email: a.email,
      mobile: a.mobile ?? null,
      name,
      orgId: orgList[orgIndex(teacher ? teacher.orgName : a.orgName)]?.id ?? orgList[0].id,
      passwordHash: hashes[a.userId],
      tchrId: teacher ? teacher.id : null,
      headPic: teacher
        ? teacher.avatar
        : a.isDefaultPassword
          ? '/avatars/default.svg'
          : avatar(DEMO_AVATARS[a.userId] ?? 1),
      gender: teacher ? teacher.gender : a.gender,
      positionLevel: a.positionLevel,
      remark: a.remark,
      audience: a.audience,
      cmsRoles: a.cmsRoles,
      isActivated: true,
      isDefaultPassword: a.isDefaultPassword,
      createdAt: new Date(clock.today.getTime() - (a.isDefaultPassword ? 2 : 400 + i * 7) * DAY),
    };
  };
  const demoIds = await insertIds(db, operators, early.map(demoRow));

  // Generated learners: the first 60 round-robin over the orgs (3 each), the rest weighted to institutes.
  const weights = orgList.map((o, i) => [i, o.kind === 1 ? 3 : o.kind === 2 ? 1.5 : 2] as const);
  const genRows = Array.from({ length: GENERATED_LEARNERS }, (_, j) => {
    const gender = rng.chance(0.45) ? 2 : 1;
    const oi = j < orgList.length * 3 ? j % orgList.length : rng.weighted(weights);
    const audience =
      orgList[oi].name === '研究生院'
        ? 'student'
        : rng.weighted([
            ['general', 70],
            ['party', 15],
            ['student', 15],
          ] as const);
    const positionLevel =
      audience === 'student'
        ? 0
        : rng.weighted([
            [0, 60],
            [1, 20],
            [2, 12],
            [3, 6],
            [4, 2],
          ] as const);
    const no = String(j + 1).padStart(4, '0');
    return {
      userId: `u${no}`,
      email: `u${no}@example.org`,
      name: personName(rng, gender, taken),
      orgId: orgList[oi].id,
      passwordHash: DISABLED_HASH,
      headPic: rng.chance(0.3) ? '' : avatar(gender === 2 ? rng.int(1, 6) * 2 : rng.int(0, 5) * 2 + 1),
      gender,
      positionLevel,
      remark: audience === 'student' ? '研究生' : audience === 'party' ? '党员' : '学员',
      audience,
      cmsRoles: [] as string[],
      isActivated: true,
      isDefaultPassword: false,
      createdAt: new Date(clock.today.getTime() - rng.int(30, 1500) * DAY),
      orgIndex: oi,
    };
  });
  const genIds = await insertIds(
    db,
    operators,
    genRows.map((r) => without(r, 'orgIndex')),
  );

  const lateIds = late.length
    ? await insertIds(
        db,
        operators,
        late.map((a, i) => demoRow(a, early.length + i)),
      )
    : [];

  const people: Person[] = [
    ...early.map((a, i) => ({
      id: demoIds[i],
      orgIndex: orgIndex(a.orgName),
      positionLevel: a.positionLevel,
      skip: a.isDefaultPassword, // a brand-new account has no history
      fixed:
        a.userId === 'learner'
          ? { 0: DEMO_LEARNER_THIS_YEAR, 1: { online: 56 * 3600 + 1800, offline: 96 * 3600 } }
          : undefined,
    })),
    ...genRows.map((r, j) => ({ id: genIds[j], orgIndex: r.orgIndex, positionLevel: r.positionLevel })),
  ];
  await insertAll(db, studyRecords, studyRows(Rng.for('study'), clock, orgList.length, people, catalogue));
  return Object.fromEntries([
    ...early.map((a, i) => [a.userId, demoIds[i]]),
    ...late.map((a, i) => [a.userId, lateIds[i]]),
  ]);
}

/** Splits total into the given number of integer parts by random weights (parts sum to total). */
function split(rng: Rng, total: number, parts: number): number[] {
  if (parts <= 0) return [];
  const w = Array.from({ length: parts }, () => 0.3 + rng.next());
  const sum = w.reduce((s, x) => s + x, 0);
  const out = w.map((x) => Math.floor((total * x) / sum));
  out[parts - 1] += total - out.reduce((s, x) => s + x, 0);
  return out;
}

function studyRows(
  rng: Rng,
  clock: Clock,
  orgCount: number,
  people: Person[],
  catalogue: Catalogue,
): (typeof studyRecords.$inferInsert)[] {
  const orgFactor = Array.from({ length: orgCount }, () => 0.6 + rng.next() * 0.8);
  const trainPool = catalogue.pastTrainIds.length ? catalogue.pastTrainIds : catalogue.trainIds;
  const rows: (typeof studyRecords.$inferInsert)[] = [];
  const createdIn = (year: number, month: number) => {
    const t = new Date(Date.UTC(year, month - 1, rng.int(1, 28), rng.int(1, 12)));
    return t.getTime() > clock.now.getTime() ? new Date(clock.now.getTime() - HOUR) : t;
  };
  for (const p of people) {
    if (p.skip) continue;
    const f = orgFactor[p.orgIndex] ?? 1;
    for (const yearOffset of [1, 0] as const) {
      const year = clock.year - yearOffset;
      const months = yearOffset === 0 ? clock.month : 12;
      const share = months / 12;
      let online: number;
      let offline: number;
      if (p.fixed) {
        ({ online, offline } = p.fixed[yearOffset]);
      } else {
        const personal = 0.25 + rng.next() * 1.5;
        const leader = p.positionLevel >= 2 ? 1.2 : 1;
        online = Math.round(45 * 3600 * f * personal * share * (0.8 + rng.next() * 0.4));
        offline = Math.round(80 * 3600 * f * leader * (0.3 + rng.next() * 1.3) * share);
        if (rng.chance(0.08)) offline = 0; // some took no training at all
      }
      // Online: most months, one or two courses a month.
      const onlineMonths = Array.from({ length: months }, (_, i) => i + 1).filter(
        (m) => m === months || rng.chance(0.8),
      );
      split(rng, online, onlineMonths.length).forEach((secs, k) => {
        const month = onlineMonths[k];
        const pieces = secs > 4 * 3600 && rng.chance(0.5) ? split(rng, secs, 2) : [secs];
        for (const s of pieces) {
          if (s <= 0) continue;
          rows.push({
            operatorId: p.id,
            year,
            month,
            kind: 'online',
            seconds: s,
            courseId: rng.pick(catalogue.courseIds),
            trainId: null,
            createdAt: createdIn(year, month),
          });
        }
      });
      // Offline: a few training projects over the year.
      if (offline > 0) {
        const all = Array.from({ length: months }, (_, i) => i + 1);
        const chosen = rng.sample(all, Math.min(months, rng.int(1, 4))).sort((a, b) => a - b);
        split(rng, offline, chosen.length).forEach((secs, k) => {
          if (secs <= 0) return;
          rows.push({
            operatorId: p.id,
            year,
            month: chosen[k],
            kind: 'offline',
            seconds: secs,
            courseId: null,
            trainId: rng.pick(trainPool),
            createdAt: createdIn(year, chosen[k]),
          });
        });
      }
    }
  }
  return rows;
}
