import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {BUDGETS, BuildJs, WATCHED_PAGES} from './bundleAnalysis';
import {repoRoot} from './lib/gateProcess';

/**
 * The bundle report: which JS files the production build (site/build, after `npm run build`)
 * makes each watched page load before it can hydrate, their raw and brotli sizes, against the
 * budgets that site/test/bundleBudget.test.ts enforces. `npm run bundle -w bench`.
 */
const build = new BuildJs(path.join(repoRoot, 'site'));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const main = build.mainChunk();
const pages = WATCHED_PAGES.map((page) => build.pageJs(page));
const all = build.allJsFiles();

console.log(
  `main chunk: ${main.file} ${kb(main.rawBytes)} KB raw, ${kb(main.brotliBytes)} KB brotli (budget ${kb(BUDGETS.mainChunkBrotli)})`,
);
console.log(
  '\n| page | JS files before hydration | raw KB | brotli KB |\n| --- | ---: | ---: | ---: |',
);
for (const p of pages)
  console.log(
    `| ${p.page} | ${p.files.length} | ${kb(p.files.reduce((s, f) => s + f.rawBytes, 0))} | ${kb(p.brotliBytes)} |`,
  );
console.log(`\nper-route chunks of ${pages[0]?.page}:`);
for (const f of [...(pages[0]?.files ?? [])].sort((a, b) => b.brotliBytes - a.brotliBytes))
  console.log(
    `  ${f.file.padEnd(40)} ${kb(f.rawBytes).padStart(7)} KB raw ${kb(f.brotliBytes).padStart(7)} KB br`,
  );
const prism = build.lazyChunk('prism');
console.log(
  `\non demand, Prism (a code block highlighted in the browser): ${prism.length} files, ${kb(prism.reduce((s, f) => s + f.rawBytes, 0))} KB raw, ${kb(prism.reduce((s, f) => s + f.brotliBytes, 0))} KB brotli`,
);
console.log(
  `\nall emitted JS: ${all.length} files, ${kb(all.reduce((s, f) => s + f.brotliBytes, 0))} KB brotli (the rest loads on demand)`,
);

mkdirSync(path.join(repoRoot, 'bench/results'), {recursive: true});
writeFileSync(
  path.join(repoRoot, 'bench/results/bundle.json'),
  `${JSON.stringify({date: new Date().toISOString(), budgets: BUDGETS, main, pages: pages.map((p) => ({page: p.page, brotliBytes: p.brotliBytes, files: p.files})), onDemand: {prism}}, null, 2)}\n`,
);
