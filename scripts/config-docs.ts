/**
 * npm run docs:config: writes docs/configuration.md and .env.example from the configuration schema
 * (scripts/lib/config-docs.ts renders them). `--check` writes nothing and exits 1 when either is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderConfigurationDoc, renderEnvExample } from './lib/config-docs';

const root = path.resolve(__dirname, '..');
const files: [string, string][] = [
  ['docs/configuration.md', renderConfigurationDoc()],
  ['.env.example', renderEnvExample()],
];
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, text] of files) {
  const target = path.join(root, file);
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // Missing: written below, or reported as stale.
  }
  if (current === text) continue;
  if (check) {
    stale++;
    console.error(`${file} is out of date: run npm run docs:config`);
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${file}`);
  }
}
process.exit(stale ? 1 : 0);
