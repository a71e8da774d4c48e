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

/** The entries of one FreeDict dictionary (`eng-ind`, `pol-eng`, …) in dictd's format. */
export function readDictd(directory: string, name = 'eng-ind'): [string, string][] {
  const data = gunzipSync(readFileSync(path.join(directory, `freedict-${name}.dict.dz`)));
  const index = readFileSync(path.join(directory, `freedict-${name}.index`), 'utf8');
  const entries: [string, string][] = [];
  for (const line of index.split('\n')) {
    const [headword, offset, length] = line.split('\t');
    if (!headword || !offset || !length || headword.startsWith('00database')) continue;
    const start = dictdNumber(offset);
    entries.push([headword, data.subarray(start, start + dictdNumber(length)).toString('utf8')]);
  }
  return entries;
}

/** An entry's translations: its second line and every line numbered "2. …", split at commas. */
function senseTranslations(text: string): string[] {
  const lines = text.split('\n').slice(1);
  return lines
    .filter((line, i) => i === 0 || NUMBERED.test(line))
    .flatMap((line) =>
      line
        .replace(NUMBERED, '')
        .replace(/\s+\d+\.\s*$/, '')
        .replace(/<[^>]*>/g, '')
        .split(','),
    )
    .map((raw) => raw.trim().toLowerCase())
    .filter((word) => word !== '');
}

/**
 * Indonesian → English through one pivot language X, from FreeDict's X–Indonesian dictionary
 * read backwards and its X–English dictionary read forwards: pol-ind gives "zatwierdzać" for
 * "menyetujui", pol-eng gives "approve" for "zatwierdzać". One-word translations only, on both
 * sides; "to approve" counts as "approve". Like `invert`, each Indonesian word is also filed
 * under its root.
 */
export function pivot(
  pivotIndonesian: Iterable<readonly [headword: string, text: string]>,
  pivotEnglish: Iterable<readonly [headword: string, text: string]>,
): Map<string, Set<string>> {
  const english = new Map<string, Set<string>>();
  for (const [headword, text] of pivotEnglish) {
    const key = headword.toLowerCase();
    const set = english.get(key) ?? new Set<string>();
    for (const word of senseTranslations(text)) {
      const bare = word.replace(/^to /, '');
      if (ENGLISH_WORD.test(bare)) set.add(bare);
    }
    english.set(key, set);
  }
  const lexicon = new Map<string, Set<string>>();
  for (const [headword, text] of pivotIndonesian) {
    const translations = english.get(headword.toLowerCase());
    if (translations === undefined || translations.size === 0) continue;
    for (const word of senseTranslations(text)) {
      if (!INDONESIAN_WORD.test(word)) continue;
      const root = indonesianStem(word);
      for (const form of root !== word && INDONESIAN_WORD.test(root) ? [word, root] : [word]) {
        const set = lexicon.get(form) ?? new Set<string>();
        for (const translation of translations) set.add(translation);
        lexicon.set(form, set);
      }
    }
  }
  return lexicon;
}

/**
 * The English words at least `agreeing` pivot languages give for an Indonesian word
 * (triangulation: a sense two independent Wiktionary editions agree on, where one pivot alone
 * also brings the other senses of its own word), most agreeing first.
 */
export function agreed(
  pivots: readonly Map<string, Set<string>>[],
  agreeing: number,
): Map<string, string[]> {
  const votes = new Map<string, Map<string, number>>();
  for (const lexicon of pivots)
    for (const [indonesian, translations] of lexicon) {
      const counts = votes.get(indonesian) ?? new Map<string, number>();
      for (const translation of translations)
        counts.set(translation, (counts.get(translation) ?? 0) + 1);
      votes.set(indonesian, counts);
    }
  const lexicon = new Map<string, string[]>();
  for (const [indonesian, counts] of votes) {
    const kept = [...counts]
      .filter(([, count]) => count >= agreeing)
      .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
      .map(([translation]) => translation);
    if (kept.length > 0) lexicon.set(indonesian, kept);
  }
  return lexicon;
}
