import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const siteRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Whether the site's files have git history to read last-updated dates from. Docusaurus copes
 * with git being absent, but fails the build when git is installed and the site is not in a
 * repository (an exported tarball, `git archive`): then the dates are left out, with one warning.
 */
export function gitHistoryAvailable(siteDir: string = siteRoot): boolean {
  const result = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], {
    cwd: siteDir,
    encoding: 'utf8',
  });
  if (result.status === 0 && result.stdout.trim() === 'true') return true;
  // Docusaurus loads its configuration more than once per build: one warning is enough.
  const warned = Symbol.for('studio-handbook.gitHistoryWarning');
  const flags = globalThis as {[warned]?: boolean};
  if (flags[warned] === true) return false;
  flags[warned] = true;
  console.warn(
    '[WARNING] No git history for the site (not a git checkout, or git is missing): pages are built without "Last updated" dates and authors.',
  );
  return false;
}
