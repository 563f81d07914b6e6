#!/usr/bin/env node
/**
 * One name per feature in every layer (issue 33): moves the assistant, messaging (mail and SMS), search and the
 * management screens' services and components to folders named after the feature, and rewrites every import
 * specifier that points at a moved module. A one-off tool, kept so the move can be re-run on a tree that other
 * branches changed meanwhile: run it from the repository root on a clean work tree, then commit the result.
 *
 *   node scripts/codemods/one-name-per-feature.mjs          # move and rewrite
 *   node scripts/codemods/one-name-per-feature.mjs --check  # say what it would do; change nothing
 *
 * What it does:
 * - `git mv` for each move of MOVES (a file or a whole folder), so history follows.
 * - Every import specifier in the repository's source (`from '…'`, `import '…'`, `import('…')`, `require('…')`,
 *   `jest.mock('…')` and its kin, `new URL('…', import.meta.url)`, `'<rootDir>/…'` in configs) that resolves, as
 *   TypeScript does (extensionless, `/index`), to a moved file, or that is relative and sits in a moved file, is
 *   recomputed: a '@/…' alias stays an alias, a relative one is taken from the importing file's new place.
 * - A path named in a comment or string (`lib/server/mail/sms.ts`, `services/catalogue/series-admin.ts`) is
 *   renamed too, so comments do not point at files that are gone. Markdown is left alone and listed instead.
 *
 * Idempotent: a move whose old path is gone and whose new path exists is done, and is skipped. It exits 1, before
 * changing anything, when an old path it expects is missing and its new one is not there either (the tree
 * drifted: update MOVES), or when both exist. Moves marked optional (test files another change may have renamed)
 * are skipped with a note instead. The files it touched are laid out again by the repository's prettier.
 *
 * What it did on main at 5a11147: 28 moves, 52 files rewritten; tsc, eslint (import/no-cycle included) and the
 * moved features' tests green afterwards. Left for a hand edit, since they are parts of files and not files: the
 * notice administration in services/catalogue/notices.ts, the assistant's switch (isShowLLM) in
 * services/catalogue/site.ts and its streamed answer in http/streaming.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** [old, new, options]: repository-relative; a folder moves whole. */
const MOVES = [
  // The assistant (AI 智能助手): its chat and its daily allowance.
  ['lib/server/services/learning/assistant.ts', 'lib/server/services/assistant/chat.ts'],
  ['lib/server/services/learning/assistant-quota.ts', 'lib/server/services/assistant/quota.ts'],
  ['tests/integration/spaces-assistant.test.ts', 'tests/integration/assistant.test.ts', { optional: true }],
  ['tests/unit/spaces-ui-assistant.test.tsx', 'tests/unit/assistant-panel.test.tsx', { optional: true }],
  // Messaging: the mailer and SMS side by side.
  ['lib/server/mail/index.ts', 'lib/server/messaging/mail.ts'],
  ['lib/server/mail/sms.ts', 'lib/server/messaging/sms.ts'],
  ['lib/server/mail/aliyun-sms.ts', 'lib/server/messaging/aliyun-sms.ts'],
  // Search: its own service folder (the search gate stays a lane) and its own components.
  ['lib/server/services/catalogue/search.ts', 'lib/server/services/search/search.ts'],
  ['lib/server/services/catalogue/search-admit.ts', 'lib/server/services/search/admit.ts'],
  ['lib/server/services/catalogue/search-index.ts', 'lib/server/services/search/search-docs.ts'],
  ['lib/server/services/catalogue/search-tabs.ts', 'lib/server/services/search/tabs.ts'],
  ['lib/server/services/catalogue/search-terms.ts', 'lib/server/services/search/terms.ts'],
  ['lib/server/services/catalogue/search-text.ts', 'lib/server/services/search/text.ts'],
  ['components/catalogue/SearchPageForm.tsx', 'components/search/SearchPageForm.tsx'],
  ['components/catalogue/SearchSuggestion.tsx', 'components/search/SearchSuggestion.tsx'],
  ['components/catalogue/EmptySearchNotice.tsx', 'components/search/EmptySearchNotice.tsx'],
  // Management screens: services/management/<feature>, components/management/<feature>, named as the contract
  // and validation name them (review, series-admin, user-import, unit-report, roles).
  ['lib/server/services/spaces/course-review.ts', 'lib/server/services/management/review.ts'],
  ['lib/server/services/catalogue/series-admin.ts', 'lib/server/services/management/series-admin.ts'],
  ['lib/server/endpoints/series.ts', 'lib/server/endpoints/series-admin.ts'],
  ['components/management/series', 'components/management/series-admin'],
  ['components/management/import', 'components/management/user-import'],
  ['lib/server/services/reports/unit-report.ts', 'lib/server/services/management/unit-report.ts'],
  ['lib/server/services/reports/export.ts', 'lib/server/services/management/unit-report-export.ts'],
  // UnitNav and unit-links are the whole management area's side menu and paths: they stay at its root.
  ['components/management/UnitReport.tsx', 'components/management/unit-report/UnitReport.tsx'],
  ['components/management/UnitTable.tsx', 'components/management/unit-report/UnitTable.tsx'],
  ['components/management/UnitFiltersForm.tsx', 'components/management/unit-report/UnitFiltersForm.tsx'],
  ['components/management/MonthChart.tsx', 'components/management/unit-report/MonthChart.tsx'],
  ['components/management/RoleAdmin.tsx', 'components/management/roles/RoleAdmin.tsx'],
];

/** Folder names in comments that follow their files: [old folder, new folder]. */
const FOLDER_MENTIONS = [
  ['lib/server/mail', 'lib/server/messaging'],
  ['lib/server/services/reports', 'lib/server/services/management'],
];

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const RESOLVE_EXTS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
// Generated SQL and its snapshots name no modules; the codemods name the old paths on purpose.
const SKIP = [/^node_modules\//, /^lib\/server\/db\/migrations\//, /^\.next\//, /^scripts\/codemods\//];

const check = process.argv.includes('--check');
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
process.chdir(root);

const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });
const exists = (p) => fs.existsSync(p);
const isDir = (p) => exists(p) && fs.statSync(p).isDirectory();
const posix = (p) => p.split(path.sep).join('/');

// 1. Which moves are pending, done or drifted: decided for all before anything changes.
const pending = [];
const problems = [];
for (const [from, to, opts = {}] of MOVES) {
  if (exists(from) && exists(to)) problems.push(`both exist: ${from} and ${to}`);
  else if (exists(from)) pending.push([from, to]);
  else if (exists(to)) console.log(`done already: ${from} -> ${to}`);
  else if (opts.optional) console.log(`skipped (neither exists, optional): ${from} -> ${to}`);
  else problems.push(`missing: ${from} (and ${to} is not there either)`);
}
if (problems.length) {
  console.error('The tree drifted from what this codemod expects; nothing was changed:');
  for (const p of problems) console.error(`  ${p}`);
  process.exit(1);
}

const listed = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
  .split('\0')
  .filter((f) => f && exists(f) && !SKIP.some((re) => re.test(f)));

/** old file -> new file, for every file a pending move carries. */
const fileMoves = new Map();
for (const [from, to] of pending) {
  if (isDir(from)) {
    for (const f of listed) if (f.startsWith(`${from}/`)) fileMoves.set(f, to + f.slice(from.length));
  } else fileMoves.set(from, to);
}
const newPathOf = (f) => fileMoves.get(f) ?? f;

/** What a specifier names, resolved the way TypeScript's bundler resolution does; null when outside the repo. */
function resolve(importer, spec) {
  let base;
  if (spec.startsWith('@/')) base = spec.slice(2);
  else if (spec.startsWith('./') || spec.startsWith('../')) base = posix(path.join(path.dirname(importer), spec));
  else return null;
  if (exists(base) && !isDir(base)) return { file: base, form: 'exact' };
  for (const ext of RESOLVE_EXTS)
    if (exists(base + ext) && !isDir(base + ext)) return { file: base + ext, form: 'bare' };
  // A '.js' written for a '.ts' source.
  const js = base.match(/^(.*)\.(m?)js$/);
  if (js) for (const ext of ['.ts', '.tsx']) if (exists(js[1] + ext)) return { file: js[1] + ext, form: 'exact' };
  for (const ext of RESOLVE_EXTS)
    if (exists(`${base}/index${ext}`)) return { file: `${base}/index${ext}`, form: 'index' };
  return null;
}

const stripExt = (f) => f.replace(/(\.d)?\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|json)$/, '');

/** The specifier naming `target` (its new path) from `importer` (its new path), in the style of `spec`. */
function specifierFor(spec, form, importer, target) {
  let named;
  // An explicit extension is kept as written ('./md5.worker.ts', or '.js' for a '.ts' source).
  if (form === 'exact') named = stripExt(target) + spec.slice(stripExt(spec).length);
  else if (form === 'index' && /(^|\/)index\.[a-z.]+$/.test(target)) named = path.posix.dirname(target);
  else named = stripExt(target);
  if (spec.startsWith('@/')) return `@/${named}`;
  let rel = path.posix.relative(path.posix.dirname(importer), named);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}

const SPECIFIER = new RegExp(
  [
    String.raw`(\bfrom\s*)(['"])([^'"\n]+)\2`,
    String.raw`(\bimport\s*\(?\s*)(['"])([^'"\n]+)\5`,
    String.raw`(\b(?:require|jest\.(?:mock|doMock|unmock|requireActual|requireMock|unstable_mockModule))\s*\(\s*)(['"])([^'"\n]+)\8`,
    String.raw`(\bnew\s+URL\s*\(\s*)(['"])([^'"\n]+)\11(?=\s*,\s*import\.meta\.url)`,
  ].join('|'),
  'g',
);

// 2. Rewrite specifiers: computed against the tree as it stands, written after the moves.
const rewrites = new Map(); // new path -> new text
const report = [];
for (const file of listed.filter((f) => SOURCE.test(f))) {
  const text = fs.readFileSync(file, 'utf8');
  const movedSelf = fileMoves.has(file);
  let count = 0;
  let next = text.replace(SPECIFIER, (whole, ...g) => {
    const i = [0, 3, 6, 9].find((k) => g[k] !== undefined);
    const [lead, quote, spec] = [g[i], g[i + 1], g[i + 2]];
    const hit = resolve(file, spec);
    if (!hit) return whole;
    const targetMoved = fileMoves.has(hit.file);
    if (!targetMoved && !(movedSelf && !spec.startsWith('@/'))) return whole;
    const fresh = specifierFor(spec, hit.form, newPathOf(file), newPathOf(hit.file));
    if (fresh === spec) return whole;
    count += 1;
    return `${lead}${quote}${fresh}${quote}`;
  });
  // '<rootDir>/path' in the jest configs.
  next = next.replace(/(['"`])<rootDir>\/([^'"`\n]+)\1/g, (whole, q, p) => {
    if (!fileMoves.has(p)) return whole;
    count += 1;
    return `${q}<rootDir>/${fileMoves.get(p)}${q}`;
  });
  if (count) report.push(`rewrote ${count} specifier(s) in ${newPathOf(file)}`);
  if (next !== text || movedSelf) rewrites.set(newPathOf(file), next);
}

// 3. Paths named in comments and strings: the longest names first, whole names only.
const mentions = new Map();
const mention = (a, b) => {
  mentions.set(a, b);
  // Comments often name a backend file from lib/server down ('services/catalogue/series-admin.ts').
  const short = a.replace(/^lib\/server\//, '');
  if (short !== a && short.includes('/') && b.startsWith('lib/server/'))
    mentions.set(short, b.slice('lib/server/'.length));
};
for (const [from, to] of fileMoves) mention(stripExt(from), stripExt(to));
for (const [from, to] of pending) if (isDir(from)) mention(from, to);
// Folders whose files all went to one new folder.
for (const [from, to] of FOLDER_MENTIONS) if (pending.some(([f]) => f.startsWith(`${from}/`))) mention(from, to);
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = [...mentions.keys()].sort((x, y) => y.length - x.length);
const mentionRe = new RegExp(String.raw`(?<![\w./@-])(${names.map(escape).join('|')})(?![\w-])`, 'g');
const staleDocs = [];
if (names.length) {
  for (const file of listed) {
    const isMd = file.endsWith('.md');
    if (!SOURCE.test(file) && !isMd) continue;
    const newFile = newPathOf(file);
    const text = rewrites.get(newFile) ?? fs.readFileSync(file, 'utf8');
    let n = 0;
    const next = text.replace(mentionRe, (_whole, name) => {
      n += 1;
      return mentions.get(name);
    });
    if (!n) continue;
    if (isMd) staleDocs.push(`${file} (${n})`);
    else {
      rewrites.set(newFile, next);
      report.push(`renamed ${n} path mention(s) in ${newFile}`);
    }
  }
}

// 4. Move, then write.
if (!pending.length) console.log('Nothing to move: the codemod has run on this tree.');
for (const [from, to] of pending) {
  console.log(`${check ? 'would move' : 'moved'}: ${from} -> ${to}`);
  if (check) continue;
  fs.mkdirSync(path.dirname(to), { recursive: true });
  git('mv', from, to);
}
for (const line of report) console.log(check ? `(would) ${line}` : line);
if (!check) {
  for (const [file, text] of rewrites) {
    if (!exists(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
  }
  // Renamed paths change line lengths: the repository's own prettier lays the touched files out again.
  const prettier = path.join('node_modules', '.bin', 'prettier');
  const touched = [...rewrites.keys()].filter((f) => exists(f));
  if (touched.length && exists(prettier)) execFileSync(prettier, ['--write', '--log-level=warn', ...touched]);
  // Folders a move emptied.
  for (const [from] of pending) {
    let dir = isDir(from) ? from : path.dirname(from);
    while (dir !== '.' && isDir(dir) && fs.readdirSync(dir).length === 0) {
      fs.rmdirSync(dir);
      dir = path.dirname(dir);
    }
  }
}
// A folder meant to empty that still holds files: something added there since MOVES was written.
for (const [from] of FOLDER_MENTIONS) {
  if (!check && isDir(from) && fs.readdirSync(from).length)
    console.log(`Still in ${from} (move by hand or add to MOVES): ${fs.readdirSync(from).join(', ')}`);
}
if (staleDocs.length) {
  console.log('Markdown naming moved paths (not changed; update by hand):');
  for (const d of staleDocs) console.log(`  ${d}`);
}
console.log(`${pending.length} move(s), ${report.length} file(s) rewritten.`);
