import {spawn, spawnSync, type SpawnOptions} from 'node:child_process';
import {chownSync, existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {freePort} from './authEmulator';

/**
 * A real PostgreSQL server for the tests, from Debian's `postgresql` package: a fresh cluster
 * in a temporary folder (initdb), listening on a free loopback port (pg_ctl), stopped and
 * deleted afterwards. PostgreSQL refuses to run as root, so as root it runs as the package's
 * `postgres` user.
 */
export type RunningPostgres = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`: the server's maintenance database. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
};

const POSTGRES_LIB = '/usr/lib/postgresql';

/** The newest installed server's bin folder (initdb, pg_ctl), or null. */
export function postgresBinDir(): string | null {
  if (!existsSync(POSTGRES_LIB)) return null;
  const versions = readdirSync(POSTGRES_LIB)
    .filter((name) => existsSync(path.join(POSTGRES_LIB, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : path.join(POSTGRES_LIB, versions[0], 'bin');
}

function serverUser(): {uid: number; gid: number} | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], {encoding: 'utf8'});
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0)
    throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as.');
  return {uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim())};
}

function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(command, args, {...options, stdio: ['ignore', 'pipe', 'pipe']});
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(command)} exited with ${code}:\n${output}`)),
    );
  });
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  if (bin === null) {
    throw new Error(
      `No PostgreSQL server in ${POSTGRES_LIB}/*/bin: install Debian's package (\`apt-get install -y postgresql\`; npm test's bootstrap does this as root).`,
    );
  }
  const user = serverUser();
  const folder = mkdtempSync(path.join(tmpdir(), 'handbook-pg-'));
  const data = path.join(folder, 'data');
  if (user) chownSync(folder, user.uid, user.gid);
  const as: SpawnOptions = user ? {uid: user.uid, gid: user.gid, cwd: folder} : {cwd: folder};
  await run(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync'],
    as,
  );
  const port = await freePort();
  // Only loopback TCP and a socket inside the temporary folder: nothing outside this run.
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  await run(
    path.join(bin, 'pg_ctl'),
    ['-D', data, '-o', options, '-l', path.join(folder, 'server.log'), '-w', '-t', '60', 'start'],
    as,
  );
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    async stop() {
      await run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], as).catch(
        () => {},
      );
      rmSync(folder, {recursive: true, force: true});
    },
  };
}

let counter = 0;

/** A new, empty database on the server (one per test file or case), and its URL. */
export async function createDatabase(serverUrl: string, prefix = 'handbook'): Promise<string> {
  counter += 1;
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${counter}`.toLowerCase();
  const client = new pg.Client({connectionString: serverUrl});
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
