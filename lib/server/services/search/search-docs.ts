/**
 * Keeps search_docs in step with the searched records, without triggers (the words are made in Node): a record
 * whose text's hash differs from its document's, or that has none, is rebuilt; documents of deleted records
 * go. Run before the first search of a process and again after any catalogue write (SEARCH_TAGS), so every
 * service that writes a course, teacher, series, training, news item or notice is covered by the invalidation
 * it already sends; a process that missed a broadcast rebuilds on its next write-triggered run or restart.
 */
import { sql, type SQL } from 'drizzle-orm';
import { COURSE_CATEGORIES } from '@/lib/constants';
import type { SearchTab } from '@/lib/contract/catalogue';
import { db } from '@/lib/server/db';
import { onInvalidate } from '@/lib/server/cache';
import { SEARCH_TAGS } from '@/lib/cache-tags';
import { processState } from '@/lib/server/process-state';
import { plainText } from '@/lib/server/rich-text';
import { docVector, pinyinKey } from './text';

/** How many characters of a long text (news, notices) are indexed: enough for its topic, bounded in size. */
const BODY_CHARS = 1000;
const BATCH = 200;
/**
 * Pinyin suffixes of the head (what every match's score reads) are shorter than the document's: a longer Latin
 * keyword is still found by the document, only ranked without its title bonus; the head stays about half the size.
 */
const HEAD_PINYIN_SYLLABLES = 4;
/** Part of the hash: a change in how documents are made rebuilds them all. */
const DOC_FORMAT = 'v2';
/** Rebuilt documents after which the table is vacuumed and its statistics refreshed. */
const ANALYZE_AFTER = 100;

interface Source {
  /** `from` and the columns named t (title, the name shown), n (names and tags), b (the text), as SQL. */
  from: SQL;
  title: SQL;
  names: SQL;
  body: SQL;
}

const categoryNames = sql.raw(
  `(case c.category_code ${COURSE_CATEGORIES.map((c) => `when ${c.code} then '${c.name}'`).join(' ')} else '' end)`,
);

const SOURCES: Record<SearchTab, Source> = {
  course: {
    from: sql`courses c left join teachers th on th.id = c.teacher_id left join course_types ct on ct.id = c.course_type_id`,
    title: sql`c.title`,
    names: sql`concat_ws(' ', th.name, ct.name, ${categoryNames})`,
    body: sql`c.summary`,
  },
  train: { from: sql`trains c`, title: sql`c.title`, names: sql`c.org_name`, body: sql`c.summary` },
  project: { from: sql`series c`, title: sql`c.title`, names: sql`''`, body: sql`c.summary` },
  teacher: {
    from: sql`teachers c`,
    title: sql`c.name`,
    names: sql`concat_ws(' ', c.title, c.org_name, c.field)`,
    body: sql`c.intro`,
  },
  news: { from: sql`news c`, title: sql`c.title`, names: sql`c.source`, body: sql`c.summary || ' ' || c.body` },
  notice: { from: sql`notices c`, title: sql`c.title`, names: sql`''`, body: sql`c.body` },
};

type Stale = { id: number; title: string; names: string; body: string; h: string };

async function refreshTab(tab: SearchTab): Promise<number> {
  const d = await db();
  const s = SOURCES[tab];
  const hash = sql`md5(concat_ws('|', ${DOC_FORMAT}::text, ${s.title}, ${s.names}, ${s.body}))`;
  const result =
    (await d.execute(sql`select c.id, ${s.title} as title, ${s.names} as names, ${s.body} as body, ${hash} as h
      from ${s.from} left join search_docs sd on sd.tab = ${tab} and sd.ref_id = c.id
      where sd.src is distinct from ${hash}`)) as unknown as { rows: Stale[] };
  const stale = result.rows;
  for (let i = 0; i < stale.length; i += BATCH) {
    const rows = stale.slice(i, i + BATCH).map((r) => {
      const head = [
        { text: r.title, weight: 'A' as const, pinyin: true },
        { text: r.names ?? '', weight: 'B' as const, pinyin: true },
      ];
      const doc = docVector([...head, { text: plainText(r.body ?? '', BODY_CHARS), weight: 'D' }]);
      const ranked = docVector(head, HEAD_PINYIN_SYLLABLES);
      return sql`(${tab}, ${r.id}::int, ${doc}::tsvector, ${ranked}::tsvector, ${pinyinKey(r.title)}, ${r.h})`;
    });
    await d.execute(sql`insert into search_docs (tab, ref_id, doc, head, pinyin, src) values ${sql.join(rows, sql`, `)}
      on conflict (tab, ref_id) do update set doc = excluded.doc, head = excluded.head, pinyin = excluded.pinyin, src = excluded.src`);
  }
  await d.execute(sql`delete from search_docs sd where sd.tab = ${tab}
    and not exists (select 1 from ${s.from} where c.id = sd.ref_id)`);
  return stale.length;
}

/** Rebuilds every stale document; resolves with how many were rebuilt. */
export async function refreshSearchDocs(): Promise<number> {
  let n = 0;
  for (const tab of Object.keys(SOURCES) as SearchTab[]) n += await refreshTab(tab);
  // PGlite has no autovacuum. Until a vacuum, a GIN index filled by inserts keeps them in its pending list with the
  // statistics of its empty build, and the planner reads every document instead (seventy times slower at 10x); and
  // without statistics of the records they join it walks every visible record and reads its document.
  if (n >= ANALYZE_AFTER) {
    const d = await db();
    await d.execute(sql`vacuum analyze search_docs`);
    await d.execute(sql`analyze courses, trains, series, teachers, news, notices`);
  }
  return n;
}

const state = processState('searchDocsFresh', () => ({ ready: null as Promise<unknown> | null }));

/** Resolves once the documents reflect every write this process has heard of (one run shared by callers). */
export function searchDocsReady(): Promise<unknown> {
  if (!state.ready) {
    const run = refreshSearchDocs();
    state.ready = run;
    run.catch(() => {
      if (state.ready === run) state.ready = null;
    });
  }
  return state.ready;
}

onInvalidate(SEARCH_TAGS, 'searchDocs', () => {
  state.ready = null;
});
