import {spawn} from 'node:child_process';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {repoRoot} from '../../testing/authEmulator';
import {signInWithGoogle} from '../../testing/emulatorAccounts';
import {adminAuth, emulator} from './fixtures';
import {startServerProcess, type ServerProcess} from './serverProcess';

type Run = {code: number | null; stdout: string; stderr: string};

/** `npm run revoke -- …` as an operator runs it (the script's command), against `env`. */
function revoke(args: string[], env: Record<string, string | undefined>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'server/src/revoke/revokeCli.ts'), ...args],
      {cwd: repoRoot, env: {PATH: process.env.PATH, ...env}},
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({code, stdout, stderr}));
  });
}

const emulatorEnv = () => ({
  FIREBASE_AUTH_EMULATOR_HOST: emulator().host,
  FIREBASE_PROJECT_ID: emulator().projectId,
});

describe('npm run revoke', () => {
  it('disables a leaver and revokes their refresh tokens, saying what it did', async () => {
    const {uid} = await signInWithGoogle(emulator(), 'leaver@studio.example');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // validSince has 1 s resolution
    const run = await revoke(['Leaver@Studio.example'], emulatorEnv());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Disabled leaver@studio.example (uid ${uid})`);
    expect(run.stdout).toContain('REVOCATION_CHECK_SECONDS');
    const user = await adminAuth().getUser(uid);
    expect(user.disabled).toBe(true);
    expect(new Date(user.tokensValidAfterTime ?? 0).getTime()).toBeGreaterThan(Date.now() - 5000);
  });

  it('lets a revoked account sign in again with --enable', async () => {
    const {uid} = await signInWithGoogle(emulator(), 'returner@studio.example');
    expect((await revoke(['returner@studio.example'], emulatorEnv())).code).toBe(0);
    const run = await revoke(['--enable', 'returner@studio.example'], emulatorEnv());
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Enabled returner@studio.example');
    expect((await adminAuth().getUser(uid)).disabled).toBe(false);
  });

  it('exits non-zero and changes nothing for an address without an account', async () => {
    const run = await revoke(['nobody-here@studio.example'], emulatorEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No account has the address nobody-here@studio.example');
    expect(run.stderr).toContain('Nothing was changed');
  });

  it.each([
    [[], 'Give exactly one e-mail address'],
    [['a@studio.example', 'b@studio.example'], 'Give exactly one e-mail address'],
    [['not-an-address'], 'is not an e-mail address'],
    [['--force', 'a@studio.example'], 'Unknown option --force'],
  ])('explains its usage and exits 2 for arguments %j', async (args, message) => {
    const run = await revoke(args, emulatorEnv());
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('npm run revoke -- <email>');
  });

  it('exits non-zero naming GOOGLE_APPLICATION_CREDENTIALS when the key file is missing', async () => {
    const run = await revoke(['leaver@studio.example'], {
      NODE_ENV: 'production',
      FIREBASE_PROJECT_ID: 'handbook-prod',
      GOOGLE_APPLICATION_CREDENTIALS: path.join(repoRoot, 'no-such-key.json'),
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('GOOGLE_APPLICATION_CREDENTIALS');
  });

  it('exits non-zero naming FIREBASE_PROJECT_ID when production has no project', async () => {
    const run = await revoke(['leaver@studio.example'], {NODE_ENV: 'production'});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('FIREBASE_PROJECT_ID is required');
  });

  it('says the emulator is unreachable instead of hanging when nothing listens there', async () => {
    const run = await revoke(['leaver@studio.example'], {
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      FIREBASE_PROJECT_ID: 'demo-handbook',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Could not reach the Firebase Auth emulator at 127.0.0.1:9');
  });
});

let gate: ServerProcess | undefined;
afterAll(() => gate?.child.kill('SIGKILL'));

describe('a leaver revoked while signed in to a gate of two workers', () => {
  it('is refused on every worker within REVOCATION_CHECK_SECONDS, with no sign-out anywhere', async () => {
    const interval = 2;
    gate = await startServerProcess({WORKERS: '2', REVOCATION_CHECK_SECONDS: String(interval)});
    const cookie = await gate.signIn('friday-leaver@studio.example');
    const page = () =>
      fetch(`${gate?.base}/docs/tools/git`, {headers: {cookie, accept: 'text/html'}});
    const statuses = async () =>
      (await Promise.all(Array.from({length: 8}, page))).map((response) => response.status);

    // Both workers verify and cache the session (connections are spread round-robin).
    expect(await statuses()).toEqual(Array(8).fill(200));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // validSince has 1 s resolution

    const revokedAt = Date.now();
    expect((await revoke(['friday-leaver@studio.example'], emulatorEnv())).code).toBe(0);
    let refusedAfterMs: number | null = null;
    while (Date.now() - revokedAt < (interval + 5) * 1000) {
      if ((await statuses()).every((status) => status === 401)) {
        refusedAfterMs = Date.now() - revokedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refusedAfterMs, 'refused on every worker within the interval + 5 s').not.toBeNull();
    // …and stays refused: no worker still trusts a cached verification.
    expect(await statuses()).toEqual(Array(8).fill(401));
  }, 60_000);
});
