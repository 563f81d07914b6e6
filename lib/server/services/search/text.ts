/**
 * The text side of search, pure functions: a record's fields become a `tsvector` literal, a keyword a `tsquery`
 * literal, both built here so that PGlite and PostgreSQL (whatever their locale and parser) read the same tokens.
 *
 * Chinese in the document is indexed as overlapping two-character pieces at consecutive positions (plus the last
 * character of a run), so a phrase query of a word's pieces (人工 <-> 工智 <-> 智能) finds exactly the titles that
 * contain it, whatever a segmenter would have made of them: Intl.Segmenter splits 党史 into 党 | 史 and 习近平 into
 * 习 | 近平, so whole-word lexemes would miss. The keyword is segmented (Intl.Segmenter) into words that need not be
 * adjacent (党史 学习 in 党史学习教育 and 学习党史), with single characters joined to their neighbours.
 * Titles, names and tags also carry their pinyin (every syllable-boundary suffix, full and initials), so a
 * Latin-letter keyword (dangshi, ds) finds them by prefix.
 */
import { pinyin } from 'pinyin-pro';

const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g;
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
/** Function characters: as a keyword's lone character they say nothing about the topic (工程的技术). */
const FUNCTION_CHARS = new Set([...'的了和与及之在是等或对把被从向于以其而并且也就都']);
/** Pinyin suffixes indexed per run: a Latin keyword longer than this many syllables matches by its start. */
const PINYIN_SUFFIX_SYLLABLES = 8;
const MAX_POSITION = 16_000;
const MAX_QUERY_PARTS = 8;

const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
const normalise = (s: string) => s.normalize('NFKC').toLowerCase();
const runs = (s: string) => normalise(s).match(CJK_RUN) ?? [];
const isCjk = (run: string) => CJK.test(run[0]);

/** Syllables of a Chinese run, toneless, ü written v (as typed). */
export function syllables(run: string): string[] {
  return pinyin(run, { toneType: 'none', type: 'array', v: true }).map((s) => s.toLowerCase());
}

/** A run's pinyin, every character's syllable joined: what near misses are compared on (人工只能 = 人工智能). */
export function pinyinKey(text: string): string {
  return runs(text)
    .map((r) => (isCjk(r) ? syllables(r).join('') : r))
    .join(' ');
}

/** A: titles; B: names, tags, places; D (unmarked): the text. */
type Weight = 'A' | 'B' | 'D';

/** A `tsvector` literal of weighted fields: Chinese as positioned bigrams, Latin words as they are, and pinyin. */
export function docVector(
  fields: { text: string; weight: Weight; pinyin?: boolean }[],
  pinyinSyllables = PINYIN_SUFFIX_SYLLABLES,
): string {
  const lexemes = new Map<string, string[]>();
  let pos = 0;
  const add = (token: string, weight: Weight) => {
    if (pos >= MAX_POSITION || !token) return;
    pos += 1;
    const list = lexemes.get(token) ?? [];
    if (list.length < 200) list.push(`${pos}${weight === 'D' ? '' : weight}`);
    lexemes.set(token, list);
  };
  for (const field of fields) {
    for (const run of runs(field.text)) {
      if (!isCjk(run)) {
        add(run, field.weight);
        continue;
      }
      const chars = [...run];
      for (let i = 0; i + 1 < chars.length; i++) add(chars[i] + chars[i + 1], field.weight);
      add(chars[chars.length - 1], field.weight);
      pos += 1; // a gap: a phrase never spans two runs
      if (!field.pinyin) continue;
      const syl = syllables(run);
      for (let i = 0; i < syl.length; i++) {
        const tail = syl.slice(i, i + pinyinSyllables);
        add(tail.join(''), field.weight);
        if (tail.length > 1) add(tail.map((s) => s[0]).join(''), field.weight);
      }
    }
  }
  // Tokens hold only [a-z0-9] and CJK characters: nothing to escape.
  return [...lexemes].map(([token, positions]) => `'${token}':${positions.join(',')}`).join(' ');
}

/** The keyword's words: Intl.Segmenter's words of each Chinese run, single characters joined to a neighbour. */
export function keywordWords(raw: string): string[] {
  const words: string[] = [];
  for (const run of runs(raw)) {
    if (!isCjk(run)) {
      words.push(run);
      continue;
    }
    const segs = [...segmenter.segment(run)].map((s) => s.segment).filter((s) => s.trim());
    // Single characters in a row are one word (党|史 -> 党史); one alone belongs to the word before it (关键|词 ->
    // 关键词), else to the one after (习|近平 -> 习近平); a function character is dropped and ends the word
    // (工程|的|技术 -> 工程, 技术).
    const groups: { text: string; single: boolean; gap: boolean }[] = [];
    let gap = false;
    for (const seg of segs) {
      const single = [...seg].length === 1;
      if (single && FUNCTION_CHARS.has(seg) && segs.length > 1) {
        gap = true;
        continue;
      }
      const last = groups[groups.length - 1];
      if (single && last?.single && !gap) last.text += seg;
      else groups.push({ text: seg, single, gap });
      gap = false;
    }
    const chunks: string[] = [];
    groups.forEach((g, i) => {
      const lone = g.single && [...g.text].length === 1;
      const next = groups[i + 1];
      if (lone && i > 0 && !g.gap) chunks[chunks.length - 1] += g.text;
      else if (lone && next && !next.gap) next.text = g.text + next.text;
      else chunks.push(g.text);
    });
    words.push(...chunks);
  }
  return [...new Set(words)].slice(0, MAX_QUERY_PARTS);
}

/**
 * A word as a `tsquery` part: Chinese as the phrase of its bigrams, a single character or Latin word by prefix;
 * `inTitle` only where it has weight A.
 */
export function wordQuery(word: string, inTitle = false): string {
  const a = inTitle ? 'A' : '';
  if (!isCjk(word)) return `'${word}':*${a}`;
  const chars = [...word];
  if (chars.length === 1) return `'${word}':*${a}`;
  const pieces = chars.slice(0, -1).map((c, i) => `'${c}${chars[i + 1]}'${a ? `:${a}` : ''}`);
  return pieces.length === 1 ? pieces[0] : `(${pieces.join(' <-> ')})`;
}

/** The `tsquery` literal of a keyword (every word must occur; in the title if `inTitle`), or '' with no word. */
export function keywordQuery(words: string[], inTitle = false): string {
  return words.map((w) => wordQuery(w, inTitle)).join(' & ');
}

/** Every word but one must occur: for a long keyword that matched nothing as a whole. */
export function mostWordsQuery(words: string[]): string {
  return words.map((_, skip) => `(${keywordQuery(words.filter((_, i) => i !== skip))})`).join(' | ');
}

/**
 * Where a Latin-letter keyword matches a title by pinyin: the characters whose syllables (or initials) start
 * with it, for highlighting (dangshi -> 党史).
 */
export function pinyinMatches(title: string, word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [];
  const found = new Set<string>();
  for (const run of runs(title)) {
    if (!isCjk(run)) continue;
    const chars = [...run];
    const syl = syllables(run);
    for (let i = 0; i < syl.length; i++) {
      let full = '';
      let initials = '';
      for (let j = i; j < syl.length; j++) {
        full += syl[j];
        initials += syl[j][0];
        const doneFull = full.length >= word.length && full.startsWith(word);
        const doneInit = initials === word;
        if (doneFull || doneInit) {
          found.add(chars.slice(i, j + 1).join(''));
          break;
        }
        if (!word.startsWith(full) && !word.startsWith(initials)) break;
      }
    }
  }
  return [...found];
}

/** The part of a title that sounds like the keyword (same pinyin), for highlighting and 您是不是要找. */
export function soundsLike(title: string, key: string): string | null {
  const target = pinyinKey(key).replace(/ /g, '');
  if (!target) return null;
  for (const run of runs(title)) {
    if (!isCjk(run)) continue;
    const chars = [...run];
    const syl = syllables(run);
    for (let i = 0; i < syl.length; i++) {
      let acc = '';
      for (let j = i; j < syl.length && acc.length < target.length; j++) {
        acc += syl[j];
        if (acc === target) return chars.slice(i, j + 1).join('');
      }
    }
  }
  return null;
}
