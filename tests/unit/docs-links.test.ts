/**
 * README.md and docs/*.md link to each other and into the code by relative paths: every such link must name a file
 * that exists, and an anchor (#heading) must name a heading of the file it points to, so a moved file or a renamed
 * heading fails here instead of leaving a dead link.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();
const DOCS = [
  'README.md',
  ...readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The text with fenced code blocks and inline code removed: links inside them are not links. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of prose(readFileSync(file, 'utf8')).split('\n')) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n ? `${base}-${n}` : base);
  }
  return result;
}

interface Link {
  doc: string;
  target: string;
}

function relativeLinks(doc: string): Link[] {
  const text = prose(readFileSync(path.join(ROOT, doc), 'utf8'));
  const links: Link[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
    links.push({ doc, target });
  }
  return links;
}

function problem({ doc, target }: Link): string | null {
  const [file, anchor] = target.split('#');
  const resolved = file ? path.resolve(path.dirname(path.join(ROOT, doc)), decodeURI(file)) : path.join(ROOT, doc);
  if (!existsSync(resolved)) return `${doc}: ${target} (no such file)`;
  if (anchor === undefined || !resolved.endsWith('.md') || statSync(resolved).isDirectory()) return null;
  return anchors(resolved).has(anchor) ? null : `${doc}: ${target} (no such heading)`;
}

test('README.md and every doc link only to files and headings that exist', () => {
  const links = DOCS.flatMap(relativeLinks);
  expect(links.length).toBeGreaterThan(20);
  expect(links.map(problem).filter(Boolean)).toEqual([]);
});

test('the README links to every doc', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const missing = DOCS.filter((d) => d !== 'README.md' && !readme.includes(`](${d})`));
  expect(missing).toEqual([]);
});

test('the slug and the link check catch what they should', () => {
  expect(slug('Management: scoped roles, the unit report, review, notices, series and user import')).toBe(
    'management-scoped-roles-the-unit-report-review-notices-series-and-user-import',
  );
  expect(slug('2. Layout')).toBe('2-layout');
  expect(problem({ doc: 'README.md', target: 'docs/no-such-file.md' })).toContain('no such file');
  expect(problem({ doc: 'README.md', target: 'docs/operating.md#no-such-heading' })).toContain('no such heading');
  expect(problem({ doc: 'docs/operating.md', target: '../lib/server/config.ts' })).toBeNull();
});
