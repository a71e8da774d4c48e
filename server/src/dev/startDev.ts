import {spawn, spawnSync, type ChildProcess} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {assertPortFree, repoRoot, startAuthEmulator} from '../../../testing/authEmulator';
import {DEV_DEFAULTS as DEFAULTS} from './devDefaults';
import {readableLog} from './readableLog';

/**
 * `npm start`: the embedded default. Builds what is missing, starts the Firebase Auth emulator
 * and the gate in development mode with the demo domain, and stops both on Ctrl-C.
 */

// The tools' "update available" boxes are noise for a reader starting the handbook.
const QUIET_TOOLS = {NO_UPDATE_NOTIFIER: '1', npm_config_update_notifier: 'false'};

function buildIfMissing(file: string, workspace: string): void {
  if (existsSync(path.join(repoRoot, file))) return;
  console.log(`Building ${workspace} (first run)…`);
  const result = spawnSync('npm', ['run', 'build', '--workspace', workspace], {
    cwd: repoRoot,
    env: {...process.env, ...QUIET_TOOLS},
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function waitForGate(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const DEV_SERVER_PORT = '3001';

/** `--dev`: the Docusaurus dev server (hot reload) on 127.0.0.1:3001, behind the gate. */
function startDocusaurusDevServer(): ChildProcess {
  return spawn(
    path.join(repoRoot, 'node_modules/.bin/docusaurus'),
    ['start', '--host', '127.0.0.1', '--port', DEV_SERVER_PORT, '--no-open'],
    {cwd: path.join(repoRoot, 'site'), stdio: ['ignore', 'inherit', 'inherit']},
  );
}

async function main(): Promise<void> {
  const devMode = process.argv.includes('--dev');
  const env = {...DEFAULTS, ...QUIET_TOOLS, ...process.env} as NodeJS.ProcessEnv;
  // Before anything slow: a port in use would otherwise mean serving, or signing in against,
  // someone else's server while this one reports "running".
  await assertPortFree(
    env.HOST ?? '127.0.0.1',
    Number(env.PORT),
    'the handbook gate',
    'Stop whatever listens there (another `npm start`?) or set PORT to a free port.',
  );
  buildIfMissing('auth/dist/signin.js', 'auth');
  if (!devMode) buildIfMissing('site/build/index.html', 'site');
  // The gate loads the search index at start; it is made from the built site.
  if (!existsSync(path.join(repoRoot, 'search/dist/index.json'))) {
    buildIfMissing('site/build/index.html', 'site');
    buildIfMissing('search/dist/index.json', 'search');
  }

  const docusaurus = devMode ? startDocusaurusDevServer() : null;
  if (docusaurus) env.DEV_SITE_URL = `http://127.0.0.1:${DEV_SERVER_PORT}`;
  console.log('Starting the Firebase Auth emulator…');
  const emulator = await startAuthEmulator({
    configFile: path.join(repoRoot, 'firebase.json'),
    host: env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    projectId: env.FIREBASE_PROJECT_ID ?? 'demo-handbook',
  });

  const gate = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'server/src/server.ts')],
    {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  gate.stdout?.pipe(readableLog()).pipe(process.stdout);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (gate.exitCode === null) {
      const exited = new Promise((resolve) => gate.once('exit', resolve));
      gate.kill('SIGTERM');
      await exited;
    }
    docusaurus?.kill('SIGTERM');
    await emulator.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  gate.once('exit', (code) => void stop(code ?? 1));

  const url = `http://localhost:${env.PORT}`;
  const domain = (env.ALLOWED_EMAIL_DOMAINS ?? '').split(',')[0]?.trim();
  await waitForGate(`http://${env.HOST}:${env.PORT}/healthz`);
  if (docusaurus) await waitForGate(`${env.DEV_SITE_URL}/`);
  if (stopping) return;
  console.log(`
  Studio Handbook is running at ${url}

  Sign in on that page:
  - "Login with Google" opens the Firebase Auth emulator's account chooser, where you can add
    any account (the popup loads Google's API script, so it needs internet access);
  - "Sign in locally" does the same without internet: type an e-mail address and go.
  Accounts of ${domain} (for example alice@${domain}) can read the handbook;
  every other account is refused.

  Ctrl-C stops the gate and the emulator.
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
