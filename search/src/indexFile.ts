import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {extractRecords} from './extractRecords';
import type {SearchIndexFile, SearchRecord} from './types';

/** Where `npm run build` writes the index: beside the build, never inside it (never served). */
export const DEFAULT_INDEX_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../dist/index.json',
);

/** Built pages worth searching: docs, category pages, blog posts and standalone pages. */
export function isSearchablePage(relativeFile: string): boolean {
  const file = relativeFile.split(path.sep).join('/');
  if (!file.endsWith('.html')) return false;
  if (file === '404.html' || file.startsWith('search/')) return false;
  if (file.startsWith('docs/tags/')) return false;
  if (file.startsWith('blog/')) return /^blog\/\d{4}\/\d{2}\/\d{2}\/[^/]+\/index\.html$/.test(file);
  return true;
}

export function recordsFromBuild(buildDir: string): SearchRecord[] {
  return readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter(isSearchablePage)
    .sort()
    .flatMap((file) => extractRecords(readFileSync(path.join(buildDir, file), 'utf8')));
}

export function readIndexFile(file: string): SearchIndexFile {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as SearchIndexFile;
  if (parsed.version !== 1 || !Array.isArray(parsed.records)) {
    throw new Error(`${file} is not a search index of this version: run \`npm run build\`.`);
  }
  return parsed;
}
