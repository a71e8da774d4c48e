import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {DEFAULT_INDEX_FILE, readIndexFile} from '../src/indexFile';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const routes = readFileSync(path.join(repoRoot, 'site/test/routes.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/') && line !== '/search');

describe('the index built from the handbook', () => {
  const {records} = readIndexFile(DEFAULT_INDEX_FILE);

  it('lives outside the served build', () => {
    expect(
      path.relative(path.join(repoRoot, 'site/build'), DEFAULT_INDEX_FILE).startsWith('..'),
    ).toBe(true);
  });

  it('has a page-title record for every route of the spec but /search', () => {
    const titled = new Set(
      records
        .filter((record) => record.type === 'lvl1')
        .map((record) => new URL(record.url).pathname),
    );
    expect(routes.filter((route) => !titled.has(route))).toEqual([]);
  });

  it('holds blog posts under the "Blog" section', () => {
    expect(
      records.some((record) => record.hierarchy.lvl0 === 'Blog' && record.type === 'lvl1'),
    ).toBe(true);
  });
});
