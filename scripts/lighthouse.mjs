#!/usr/bin/env node
/**
 * npm run lighthouse [-- URL...]: builds when needed, starts the server on port 3300 (LIGHTHOUSE_PORT) with a fresh DATA_DIR,
 * runs Lighthouse 12 (its CLI, with Debian's Chromium) on each URL (default http://localhost:3300/home)
 * in the desktop preset and the mobile default, and prints the four category scores x100 against the targets:
 * performance >= 90, accessibility >= 95, best practices >= 95, SEO = 100. For a missed category it lists the
 * audits that lost points. Full reports go to bench-results/lighthouse-<stamp>/.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './lib/build.mjs';
import { CHROMIUM, ROOT, ensureChromium, run, stamp } from './lib/proc.mjs';
import { httpRequest, scratchRun, startServer } from './lib/server.mjs';

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3300);
const CATEGORIES = [
  { id: 'performance', label: 'perf', min: 90 },
  { id: 'accessibility', label: 'a11y', min: 95 },
  { id: 'best-practices', label: 'best-practices', min: 95 },
  { id: 'seo', label: 'seo', min: 100 },
];
const MODES = [
  { name: 'desktop', args: ['--preset=desktop'] },
  { name: 'mobile', args: [] },
];

const urls = process.argv.slice(2).length ? process.argv.slice(2) : [`http://localhost:${PORT}/home`];

async function lighthouse(url, mode, outFile) {
  const code = await run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/lighthouse/cli/index.js'),
      url,
      ...mode.args,
      '--output=json',
      `--output-path=${outFile}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  if (code !== 0) throw new Error(`lighthouse exited ${code} for ${url} (${mode.name})`);
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

function summarize(report) {
  return CATEGORIES.map((c) => {
    const cat = report.categories[c.id];
    const score = cat && cat.score !== null ? Math.round(cat.score * 100) : null;
    const lost = (cat?.auditRefs || [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => report.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable',
      )
      .map((a) => a.id);
    return { ...c, score, ok: score !== null && score >= c.min, lost };
  });
}

async function main() {
  await ensureChromium();
  await buildIfNeeded();
  const { dataDir, hold, cleanup } = scratchRun('lighthouse');
  const outDir = path.join(ROOT, 'bench-results', `lighthouse-${stamp()}`);
  mkdirSync(outDir, { recursive: true });
  const lines = [];
  try {
    hold(
      await startServer({
        port: PORT,
        env: { DATA_DIR: dataDir },
        stdio: ['ignore', 'ignore', 'inherit'],
        waitPath: '/home',
        waitHost: 'localhost',
        timeoutMs: 180000,
      }),
    );
    for (const url of urls) {
      const u = new URL(url);
      // Warm the page so Lighthouse measures the cached page, not the first render.
      for (let i = 0; i < 2; i++)
        await httpRequest({ port: Number(u.port || 80), path: u.pathname + u.search, host: u.hostname }).catch(
          () => undefined,
        );
      for (const mode of MODES) {
        const file = path.join(outDir, `${u.hostname}${u.pathname.replace(/\W+/g, '-')}-${mode.name}.json`);
        console.log(`[lighthouse] ${url} (${mode.name})`);
        const scores = summarize(await lighthouse(url, mode, file));
        lines.push(
          `${url} ${mode.name.padEnd(7)}  ` +
            scores.map((s) => `${s.label} ${s.score ?? '-'} ${s.ok ? 'ok' : 'MISS'}`).join('  '),
        );
        for (const s of scores.filter((x) => !x.ok && x.lost.length))
          lines.push(`    ${s.label} lost points on: ${s.lost.slice(0, 8).join(', ')}`);
      }
    }
  } finally {
    await cleanup();
  }
  console.log(`\ntargets: perf >= 90, a11y >= 95, best-practices >= 95, seo = 100`);
  console.log(lines.join('\n'));
  console.log(`\n[lighthouse] reports in ${path.relative(ROOT, outDir)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(`[lighthouse] ${err.message}`);
    process.exit(1);
  },
);
