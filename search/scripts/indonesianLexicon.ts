/**
 * Writes search/data/indonesian-english.json from FreeDict's dictionaries as Debian ships them:
 * English–Indonesian read backwards (`dict-freedict-eng-ind`), then, for a word that dictionary
 * misses or gives too narrowly, the English words that at least two of three pivot languages
 * agree on (Greek, Finnish, Polish: X–Indonesian read backwards, X–English forwards; the three
 * whose X–English dictionary is WikDict's too, so that the list keeps one licence):
 *
 *   mkdir -p /tmp/fd && cd /tmp/fd
 *   apt-get download dict-freedict-eng-ind dict-freedict-{ell,fin,pol}-{ind,eng}
 *   for deb in *.deb; do dpkg -x "$deb" /tmp/fd; done
 *   cd - && node --import tsx search/scripts/indonesianLexicon.ts /tmp/fd/usr/share/dictd
 * (bash: the braces).
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {agreed, invert, pivot, readDictd} from './freedict';

/** The pivot languages, and how many must agree on a translation (search/DESIGN.md). */
const PIVOTS = ['ell', 'fin', 'pol'] as const;
const AGREEING = 2;

const directory = process.argv[2] ?? '/usr/share/dictd';
const direct = invert(readDictd(directory));
const pivoted = agreed(
  PIVOTS.map((language) =>
    pivot(readDictd(directory, `${language}-ind`), readDictd(directory, `${language}-eng`)),
  ),
  AGREEING,
);
const lexicon = new Map(direct);
let added = 0;
for (const [indonesian, english] of pivoted) {
  const list = [...(lexicon.get(indonesian) ?? [])];
  for (const word of english)
    if (!list.includes(word)) {
      list.push(word);
      added += 1;
    }
  lexicon.set(indonesian, list);
}
const sorted = Object.fromEntries([...lexicon].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const out = path.join(import.meta.dirname, '..', 'data', 'indonesian-english.json');
writeFileSync(
  out,
  `${JSON.stringify({
    source:
      'FreeDict English-Bahasa Indonesia FreeDict+WikDict dictionary 2022.11.18 (Debian dict-freedict-eng-ind 2022.12.07-2) read backwards, and the English words two of FreeDict+WikDict 2022.11.18 ελληνικά, suomi and język polski (Debian dict-freedict-{ell,fin,pol}-{ind,eng} 2022.12.07-2) agree on through their pivot; by search/scripts/indonesianLexicon.ts',
    license:
      'CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/); see search/data/README.md',
    words: sorted,
  })}\n`,
);
console.log(
  `${direct.size} Indonesian words read backwards, ${added} translations from ${PIVOTS.length} pivots → ${lexicon.size} words in ${out}`,
);
