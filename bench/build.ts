import {spawnSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {repoRoot} from './lib/gateProcess';

/**
 * Figure 3: cold and warm production builds of the whole handbook, search index included
 * (`npm run build`), with @docusaurus/faster (Rspack, SWC, Lightning CSS) against plain
 * webpack. Cold: no .docusaurus, no bundler cache, no build. Goal: cold build under 30 s.
 * The faster build runs last, so the build left behind is the one the product ships.
 */
const variants = [
  {name: 'webpack', env: {DOCUSAURUS_FASTER: 'false'}},
  {name: '@docusaurus/faster', env: {DOCUSAURUS_FASTER: 'true'}},
];

function clean(): void {
  for (const dir of [
    'site/.docusaurus',
    'site/node_modules/.cache',
    'site/build',
    'search/dist',
    'auth/dist',
  ]) {
    rmSync(path.join(repoRoot, dir), {recursive: true, force: true});
  }
}

function timedBuild(env: Record<string, string>): {seconds: number; peakRssMb: number} {
  const started = performance.now();
  const result = spawnSync('/usr/bin/time', ['-f', '%M', 'npm', 'run', 'build'], {
    cwd: repoRoot,
    env: {...process.env, ...env},
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr.slice(-2000)}`);
  const peakKb = Number(result.stderr.trim().split('\n').at(-1));
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    peakRssMb: Math.round(peakKb / 1024),
  };
}

const results = [];
for (const variant of variants) {
  clean();
  const cold = timedBuild(variant.env);
  const warm = timedBuild(variant.env);
  results.push({bundler: variant.name, cold, warm});
  console.log(`${variant.name}: cold ${cold.seconds} s, warm ${warm.seconds} s`);
}
console.log('\n| bundler | cold build s | warm build s | peak RSS MB (largest process) |');
console.log('| --- | ---: | ---: | ---: |');
for (const r of results)
  console.log(
    `| ${r.bundler} | ${r.cold.seconds} | ${r.warm.seconds} | ${Math.max(r.cold.peakRssMb, r.warm.peakRssMb)} |`,
  );
mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/build.json'),
  `${JSON.stringify({date: new Date().toISOString(), results}, null, 2)}\n`,
);
