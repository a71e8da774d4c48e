// Makes `npm start` and `npm test` work on a fresh clone: installs the dependencies when they
// are missing or older than the lockfile, and (with --browser, for the tests) Debian's Chromium
// for the end-to-end tests and Debian's PostgreSQL, which the test harness starts in a temporary
// folder to test the insights store's PostgreSQL dialect. Node built-ins only, since it runs
// before anything is installed.
import {spawnSync} from 'node:child_process';
import {existsSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const POSTGRES_LIB = '/usr/lib/postgresql';

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

const hasPostgres = () =>
  existsSync(POSTGRES_LIB) &&
  readdirSync(POSTGRES_LIB).some((version) =>
    existsSync(path.join(POSTGRES_LIB, version, 'bin/initdb')),
  );

if (process.argv.includes('--browser')) {
  const missing = [
    ...(existsSync(CHROMIUM) ? [] : [['chromium', "Debian's Chromium, for the end-to-end tests"]]),
    ...(hasPostgres()
      ? []
      : [['postgresql', "Debian's PostgreSQL, for the insights store's tests"]]),
  ];
  if (missing.length > 0) {
    if (process.getuid?.() !== 0) {
      console.error(
        `The tests need ${missing.map(([, what]) => what).join(' and ')}: run \`sudo apt-get install -y ${missing.map(([name]) => name).join(' ')}\`.`,
      );
      process.exit(1);
    }
    console.log(`Installing ${missing.map(([, what]) => what).join(' and ')}…`);
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', ...missing.map(([name]) => name)]);
  }
}
