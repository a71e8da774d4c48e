import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {extractRecords} from './extractRecords';
import {extractSections} from './sections/extractSections';
import type {PageMeta, Section} from './sections/types';
import type {SearchIndexFile, SearchRecord} from './types';

/** The index file's format; a file of another version must be rebuilt. */
export const INDEX_VERSION = 2;

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

/** Everything the index holds of a build: search records, Ask AI's sections, page metadata. */
export function indexBuild(buildDir: string): {
  records: SearchRecord[];
  sections: Section[];
  pages: PageMeta[];
} {
  const records: SearchRecord[] = [];
  const sections: Section[] = [];
  const pages: PageMeta[] = [];
  const files = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
    .filter(isSearchablePage)
    .sort();
  for (const file of files) {
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    records.push(...extractRecords(html));
    const page = extractSections(html);
    sections.push(...page.sections);
    if (page.meta && page.sections.length > 0) pages.push(page.meta);
  }
  return {records, sections, pages};
}

export function recordsFromBuild(buildDir: string): SearchRecord[] {
  return indexBuild(buildDir).records;
}

export function readIndexFile(file: string): SearchIndexFile {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as SearchIndexFile;
  if (
    parsed.version !== INDEX_VERSION ||
    !Array.isArray(parsed.records) ||
    !Array.isArray(parsed.sections)
  ) {
    throw new Error(`${file} is not a search index of this version: run \`npm run build\`.`);
  }
  return parsed;
}
