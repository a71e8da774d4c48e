import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_INDEX_FILE, indexBuild} from './indexFile';
import {parseSynonyms} from './analysis/synonyms';
import type {SearchIndexFile} from './types';

// `npm run build -w search`: extracts the records from site/build into search/dist/index.json.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');
const {records, sections, pages} = indexBuild(buildDir);
if (records.length === 0)
  throw new Error(`No records extracted from ${buildDir}: build the site first.`);
// The writers keep their synonyms beside the docs; the index carries them, so the gate and the
// index it serves always agree, and a broken file fails the build rather than the gate.
const synonymsFile = path.resolve(buildDir, '../search-synonyms.json');
const synonyms = existsSync(synonymsFile)
  ? parseSynonyms(JSON.parse(readFileSync(synonymsFile, 'utf8')), synonymsFile)
  : [];
const index: SearchIndexFile = {
  version: 2,
  generatedAt: new Date().toISOString(),
  records,
  sections,
  pages,
  synonyms,
};
mkdirSync(path.dirname(DEFAULT_INDEX_FILE), {recursive: true});
writeFileSync(DEFAULT_INDEX_FILE, JSON.stringify(index));
console.log(
  `search index: ${records.length} records, ${sections.length} sections, ${synonyms.length} synonym records → ${path.relative(process.cwd(), DEFAULT_INDEX_FILE)}`,
);
