#!/usr/bin/env node
/**
 * npm's `prepare` step: points git at the repository's hooks (.githooks: the 72-character subject rule).
 * Does nothing, and never fails the install, in CI, without git, or when this folder is not the top of a git
 * checkout (an unpacked copy, or a copy inside someone else's repository, whose settings are not ours to change).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

if (!process.env.CI && existsSync(path.join(root, '.githooks'))) {
  try {
    if (realpathSync(git('rev-parse', '--show-toplevel')) === realpathSync(root)) {
      git('config', 'core.hooksPath', '.githooks');
    }
  } catch {
    // No git, or not a checkout: there is nothing to set up.
  }
}
