import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {DEFAULT_INDEX_FILE, recordsFromBuild} from './indexFile';
import type {SearchIndexFile} from './types';

// `npm run build -w search`: extracts the records from site/build into search/dist/index.json.
const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../site/build');
const records = recordsFromBuild(buildDir);
if (records.length === 0)
  throw new Error(`No records extracted from ${buildDir}: build the site first.`);
const index: SearchIndexFile = {version: 1, generatedAt: new Date().toISOString(), records};
mkdirSync(path.dirname(DEFAULT_INDEX_FILE), {recursive: true});
writeFileSync(DEFAULT_INDEX_FILE, JSON.stringify(index));
console.log(
  `search index: ${records.length} records → ${path.relative(process.cwd(), DEFAULT_INDEX_FILE)}`,
);
