/** Small process helpers shared by the runner scripts: run a command, check for Chromium. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = '/usr/bin/chromium';

/** True when the module at `metaUrl` is the script node was started with. */
export function isMain(metaUrl) {
  return Boolean(process.argv[1]) && metaUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

/** `2026-01-02T03-04-05Z`: sortable and safe in file names. */
export function stamp(date = new Date()) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

export function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * Runs a command with inherited stdio (unless told otherwise) and resolves with its exit code.
 * SIGINT/SIGTERM received meanwhile are passed on to it.
 */
export function run(cmd, args, { cwd = ROOT, env = process.env, stdio = 'inherit' } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio });
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const done = (code) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (err) => {
      console.error(`[run] ${cmd}: ${err.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? 128 + (os.constants.signals[signal] || 1)));
  });
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function aptListsPresent() {
  try {
    return readdirSync('/var/lib/apt/lists').some((f) => f.endsWith('_Packages'));
  } catch {
    return false;
  }
}

/** `apt-get install -y` the packages (running `apt-get update` first when the lists are absent or the install fails). */
export async function aptInstall(pkgs) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => run('apt-get', ['install', '-y', ...pkgs], { env });
  if (!aptListsPresent()) {
    if ((await run('apt-get', ['update'], { env })) !== 0) return false;
    return (await install()) === 0;
  }
  if ((await install()) === 0) return true;
  if ((await run('apt-get', ['update'], { env })) !== 0) return false;
  return (await install()) === 0;
}

/**
 * Makes sure Debian's Chromium (and CJK fonts, for readable screenshots) are installed.
 * Installs them when missing and running as root; never downloads a browser of its own.
 * Throws when Chromium is missing and cannot be installed.
 */
export async function ensureChromium({ log = console.log } = {}) {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!dpkgInstalled('fonts-noto-cjk')) missing.push('fonts-noto-cjk');
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `${CHROMIUM} is missing; install it as root: apt-get update && apt-get install -y chromium fonts-noto-cjk`,
      );
    }
    log('[chromium] fonts-noto-cjk is not installed (Chinese text may render as boxes in screenshots)');
    return;
  }
  log(`[chromium] installing ${missing.join(' ')} with apt-get`);
  const ok = await aptInstall(missing);
  if (!existsSync(CHROMIUM))
    throw new Error(`could not install chromium with apt-get (${ok ? 'no binary' : 'apt-get failed'})`);
  if (!ok) log('[chromium] apt-get reported a failure; continuing since /usr/bin/chromium is there');
}
