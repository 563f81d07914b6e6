/**
 * Every route file outside the endpoint table (app/api/* but the table's catch-all, app/media/*) has its entry in
 * the route contract (lib/contract/routes), and the links built from it are what the routes read back.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, routeUrl } from '@/lib/contract/routes';
import { exportQuery, exportSchema } from '@/lib/validation/management';

/** `app/media/chapter/[chapterId]/route.ts` -> `/media/chapter/:chapterId`; a catch-all `[...x]` -> `*`. */
function routePatterns(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name === 'route.ts') found.push(prefix);
    if (!entry.isDirectory()) continue;
    const segment = entry.name.startsWith('[...') ? '*' : entry.name.replace(/^\[(.+)\]$/, ':$1');
    found.push(...routePatterns(path.join(dir, entry.name), `${prefix}/${segment}`));
  }
  return found;
}

const appDir = path.join(process.cwd(), 'app');
const files = [
  ...routePatterns(path.join(appDir, 'api'), '/api'),
  ...routePatterns(path.join(appDir, 'media'), '/media'),
]
  // The endpoint table's own route (lib/contract/endpoints is its contract).
  .filter((p) => p !== '/api/*');
const entries = Object.keys(ROUTES);

describe('the route contract', () => {
  it.each(files)('%s has an entry', (file) => {
    const covered = file.endsWith('/*') ? entries.some((e) => e.startsWith(file.slice(0, -1))) : entries.includes(file);
    expect(covered).toBe(true);
  });

  it('names no route that has no file', () => {
    const stale = entries.filter(
      (e) => !files.some((f) => f === e || (f.endsWith('/*') && e.startsWith(f.slice(0, -1)))),
    );
    expect(stale).toEqual([]);
  });

  it('builds the export link the export route reads back to the same filters', () => {
    const url = routeUrl('/api/manage/export', { table: 'months', format: 'xlsx', year: 2026, met: true, name: '' });
    expect(url).toBe('/api/manage/export?table=months&format=xlsx&year=2026&met=1');
    const query = new URL(url, 'http://localhost').searchParams;
    expect(exportSchema.parse(exportQuery(query))).toEqual({ table: 'months', format: 'xlsx', year: 2026, met: true });
  });
});
