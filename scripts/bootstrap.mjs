// Makes `npm start` and `npm test` work on a fresh clone: installs the dependencies when they
// are missing or older than the lockfile, and (with --browser) Debian's Chromium for the
// end-to-end tests. Node built-ins only, since it runs before anything is installed.
import {spawnSync} from 'node:child_process';
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';

function run(command, args) {
  const result = spawnSync(command, args, {cwd: root, stdio: 'inherit'});
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const installed = path.join(root, 'node_modules/.package-lock.json');
const lockfile = path.join(root, 'package-lock.json');
if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs) {
  console.log('Installing dependencies (npm ci, about 3 minutes on a fresh machine)…');
  // Errors only: npm's install-script and update notices are nothing a newcomer can act on.
  run('npm', ['ci', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error']);
}

if (process.argv.includes('--browser') && !existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `The end-to-end tests need Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\`.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's Chromium for the end-to-end tests…");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium']);
}
