/** News and notices. */
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { Db } from '../db/types';
import { news, notices } from '../db/schema';
import { deck, Rng } from './random';
import { assignAudiences, cover, DAY, HOUR, insertAll, without, type Clock } from './util';
import {
  BASES,
  COURSE_TOPICS,
  EXTERNAL_ORGS,
  fill,
  NEWS_GENERAL,
  NEWS_PARAGRAPHS,
  NEWS_PARTY,
  NEWS_SKILLS,
  NEWS_SOURCES,
  NEWS_STUDENT,
  NEWS_THEMES,
  NOTICE_PARAGRAPHS,
  NOTICE_TITLES,
  ORGS,
  TRAIN_SUBJECTS,
  type Lean,
} from './words';

/** Year, month and day in Beijing time. */
function beijing(d: Date): { y: number; m: number; d: number } {
  const b = new Date(d.getTime() + 8 * HOUR);
  return { y: b.getUTCFullYear(), m: b.getUTCMonth() + 1, d: b.getUTCDate() };
}

/** A past moment, denser towards today: between 1 and maxDays days ago. */
function recentPast(rng: Rng, clock: Clock, maxDays: number): Date {
  const days = 1 + Math.floor(rng.next() ** 1.4 * maxDays);
  return new Date(clock.today.getTime() - days * DAY + rng.int(1, 22) * 30 * 60_000);
}

const html = (paragraphs: string[]) => paragraphs.map((p) => `<p>${p}</p>`).join('');

export async function seedNews(db: Db, clock: Clock, n: number): Promise<void> {
  const rng = Rng.for('news');
  const kinds = deck<Exclude<Lean, null> | 'general'>(rng, n, [
    ['party', 30],
    ['general', 55],
    ['student', 15],
  ]);
  const orgNames = ORGS.filter((o) => o.kind !== 3).map((o) => o.name);
  const seen = new Set<string>();
  const rows = kinds.map((kind) => {
    const publishedAt = recentPast(rng, clock, 540);
    const date = beijing(publishedAt);
    const templates = kind === 'party' ? NEWS_PARTY : kind === 'student' ? NEWS_STUDENT : NEWS_GENERAL;
    const org = kind === 'student' ? rng.pick(['研究生院', ...orgNames.slice(0, 12)]) : rng.pick(orgNames);
    let title = '';
    for (let attempt = 0; attempt < 12; attempt++) {
      title = fill(rng.pick(templates), {
        org,
        y: date.y,
        theme: rng.pick(NEWS_THEMES),
        topic: rng.pick(COURSE_TOPICS[301]),
        base: rng.pick(BASES),
        n: rng.int(6, 30),
        cat: rng.pick(COURSE_CATEGORIES).name,
        field: rng.pick(COURSE_TOPICS[302]),
        skill: rng.pick(NEWS_SKILLS),
        ext: rng.pick(EXTERNAL_ORGS),
      });
      if (!seen.has(title)) break;
    }
    seen.add(title);
    const vars = { org, n: rng.int(5, 30) * 10 };
    const first = `${date.m}月${date.d}日，${title}。`;
    const rest = rng.sample(NEWS_PARAGRAPHS, rng.int(2, 5)).map((p) => fill(p, vars));
    const summary = (first + rest[0]).slice(0, 120);
    const source =
      kind === 'party'
        ? rng.pick(['机关党委', '机关党委', org])
        : kind === 'student'
          ? '研究生院'
          : rng.pick([...NEWS_SOURCES, org]);
    return {
      title,
      summary,
      body: html([first, ...rest]),
      cover: cover(rng, kind === 'party' ? 'party' : 'any'),
      source,
      views: Math.round(50 + rng.next() ** 2 * 8000),
      audiences: [] as string[],
      publishedAt,
      lean: (kind === 'general' ? null : kind) as Lean,
    };
  });
  const auds = assignAudiences(
    rng,
    rows.map((r) => r.lean),
  );
  rows.forEach((r, i) => (r.audiences = auds[i]));
  rows.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime());
  await insertAll(
    db,
    news,
    rows.map((r) => without(r, 'lean')),
  );
}

export async function seedNotices(db: Db, clock: Clock, n: number): Promise<void> {
  const rng = Rng.for('notices');
  const seen = new Set<string>();
  const rows = Array.from({ length: n }, () => {
    const publishedAt = recentPast(rng, clock, 400);
    const date = beijing(publishedAt);
    let tpl = NOTICE_TITLES[0];
    let title = '';
    for (let attempt = 0; attempt < 20; attempt++) {
      tpl = rng.pick(NOTICE_TITLES);
      title = fill(tpl.t, {
        y: date.y,
        m: date.m,
        subject: rng.pick(TRAIN_SUBJECTS).t,
        topic: rng.pick(COURSE_TOPICS[301]),
        field: rng.pick(COURSE_TOPICS[302]),
        theme: rng.pick(NEWS_THEMES),
      });
      if (!seen.has(title)) break;
    }
    if (seen.has(title)) title = title.replace(/的(通知|公告)$/, '的补充$1');
    seen.add(title);
    const body = html([
      NOTICE_PARAGRAPHS[0],
      NOTICE_PARAGRAPHS[1],
      `一、时间安排：自${date.m}月${date.d}日起，为期${rng.int(2, 8)}周。`,
      `二、参加对象：${rng.pick(['院属各单位在职职工', '各单位继续教育管理员', '全体党员', '在读研究生', '新入职人员'])}。`,
      NOTICE_PARAGRAPHS[2],
      NOTICE_PARAGRAPHS[3],
      NOTICE_PARAGRAPHS[4],
      NOTICE_PARAGRAPHS[5],
      `继续教育学院　${date.y}年${date.m}月${date.d}日`,
    ]);
    return { title, body, isTop: false, canTop: !!tpl.top, audiences: [] as string[], publishedAt, lean: tpl.lean };
  });
  const auds = assignAudiences(
    rng,
    rows.map((r) => r.lean),
  );
  rows.forEach((r, i) => (r.audiences = auds[i]));
  // Pin about 10%, the newest of the kinds that get pinned.
  rows.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
  let pins = Math.max(1, Math.round(n / 10));
  for (const r of rows) {
    if (pins > 0 && r.canTop) {
      r.isTop = true;
      pins--;
    }
  }
  rows.reverse();
  await insertAll(
    db,
    notices,
    rows.map((r) => without(r, 'lean', 'canTop')),
  );
}
