/**
 * Writes search/data/indonesian-english.json from FreeDict's English–Indonesian dictionary as
 * Debian ships it (`dict-freedict-eng-ind`), read backwards (freedict.ts):
 *
 *   apt-get download dict-freedict-eng-ind && dpkg -x dict-freedict-eng-ind_*.deb /tmp/fd
 *   node --import tsx search/scripts/indonesianLexicon.ts /tmp/fd/usr/share/dictd
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {invert, readDictd} from './freedict';

const directory = process.argv[2] ?? '/usr/share/dictd';
const lexicon = invert(readDictd(directory));
const sorted = Object.fromEntries([...lexicon].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const out = path.join(import.meta.dirname, '..', 'data', 'indonesian-english.json');
writeFileSync(
  out,
  `${JSON.stringify({
    source:
      'FreeDict English-Bahasa Indonesia FreeDict+WikDict dictionary 2022.11.18 (Debian dict-freedict-eng-ind 2022.12.07-2), read backwards by search/scripts/indonesianLexicon.ts',
    license:
      'CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); see search/data/README.md',
    words: sorted,
  })}\n`,
);
console.log(`${lexicon.size} Indonesian words → ${out}`);
