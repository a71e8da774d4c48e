/**
 * FreeDict's English–Indonesian dictionary (FreeDict + WikDict, built from Wiktionary; CC BY-SA
 * 3.0) in dictd's format, as Debian ships it in `dict-freedict-eng-ind`, read backwards into
 * the Indonesian → English word list the analyzer reads a question's Indonesian words through
 * (analysis/translations.ts). Each one-word Indonesian translation of an English headword maps
 * to that headword, under the translation as written and under its root (Nazief–Adriani,
 * Sastrawi: menghapus → hapus). Phrases are left out on both sides: a question is matched one
 * word at a time. Nothing here looks at the handbook: the engine keeps the English words its
 * index holds.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {indonesianStem} from '../src/analysis/indonesian';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** dictd's index numbers: base 64, most significant digit first. */
function dictdNumber(text: string): number {
  let n = 0;
  for (const char of text) n = n * 64 + BASE64.indexOf(char);
  return n;
}

const ENGLISH_WORD = /^[a-z]+$/;
const INDONESIAN_WORD = /^[a-z]+(?:-[a-z]+)?$/;
/** A sense's translations: the entry's second line, or a line numbered "2. …". */
const NUMBERED = /^\d+\.\s+(?=\S)/;

export function invert(
  entries: Iterable<readonly [headword: string, text: string]>,
): Map<string, string[]> {
  const lexicon = new Map<string, string[]>();
  const add = (indonesian: string, english: string) => {
    const list = lexicon.get(indonesian) ?? [];
    if (!list.includes(english)) list.push(english);
    lexicon.set(indonesian, list);
  };
  for (const [headword, text] of entries) {
    if (!ENGLISH_WORD.test(headword)) continue;
    const lines = text.split('\n').slice(1);
    const translationLines = lines.filter((line, i) => i === 0 || NUMBERED.test(line));
    for (const line of translationLines) {
      const cleaned = line.replace(NUMBERED, '').replace(/\s+\d+\.\s*$/, '');
      for (const raw of cleaned.split(',')) {
        const word = raw.trim().toLowerCase();
        if (!INDONESIAN_WORD.test(word) || word === headword) continue;
        add(word, headword);
        const root = indonesianStem(word);
        if (root !== word && INDONESIAN_WORD.test(root)) add(root, headword);
      }
    }
  }
  return lexicon;
}

export function readDictd(directory: string): [string, string][] {
  const data = gunzipSync(readFileSync(path.join(directory, 'freedict-eng-ind.dict.dz')));
  const index = readFileSync(path.join(directory, 'freedict-eng-ind.index'), 'utf8');
  const entries: [string, string][] = [];
  for (const line of index.split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (!headword || !offset || !length || headword.startsWith('00database')) continue;
    const start = dictdNumber(offset);
    entries.push([headword, data.subarray(start, start + dictdNumber(length)).toString('utf8')]);
  }
  return entries;
}
