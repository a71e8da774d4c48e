import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {BUDGETS, BuildJs} from '../../bench/bundleAnalysis';
import {assertBuilt, buildDir, siteDir} from './buildOutput';

/**
 * Bundle budgets on the real production build (issue 14: Lighthouse mobile ≥ 95). A phone on
 * slow 4G with a 4× slower CPU pays for every byte of JS it parses before the page hydrates,
 * so these fail when the main chunk or what a doc page loads grows past the budget. Sizes are
 * brotli (quality 11). `npm run bundle -w bench` prints the full report.
 */
let build: BuildJs;
beforeAll(() => {
  assertBuilt();
  build = new BuildJs(siteDir);
});

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('bundle budgets', () => {
  it('keeps the main chunk within its brotli budget', () => {
    const main = build.mainChunk();
    expect(main.brotliBytes, `${main.file} is ${kb(main.brotliBytes)} brotli`).toBeLessThanOrEqual(
      BUDGETS.mainChunkBrotli,
    );
  });

  it('keeps the JS a doc page loads before interaction within its brotli budget', () => {
    const page = build.pageJs('/docs/tools/git');
    expect(page.files.length, 'the doc page loads its route chunks, not only main').toBeGreaterThan(
      2,
    );
    expect(
      page.brotliBytes,
      `${page.files.length} files, ${kb(page.brotliBytes)}`,
    ).toBeLessThanOrEqual(BUDGETS.docPageJsBrotli);
  });

  it('leaves Prism out of the main chunk: code blocks load it only when they must highlight', () => {
    const main = readFileSync(path.join(buildDir, build.mainChunk().file), 'utf8');
    expect(main, 'prism-react-renderer and its languages').not.toMatch(/prismjs|languages\.bash=/);
    const prism = build.lazyChunk('prism');
    const prismSource = prism
      .map((f) => readFileSync(path.join(buildDir, f.file), 'utf8'))
      .join('\n');
    // The handbook's additionalLanguages are registered with the chunk (bash is one of them).
    expect(prismSource).toMatch(/languages\.bash=/);
  });

  it('leaves the DocSearch modal out of the main chunk until the reader opens search', () => {
    const main = readFileSync(path.join(buildDir, build.mainChunk().file), 'utf8');
    expect(main).toContain('DocSearch-Button');
    expect(main).not.toContain('DocSearch-Modal');
  });
});
