// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- sastrawijs ships types its package "exports" do not reach; this brings our declaration to every package that imports the analyzer
/// <reference path="../types/sastrawijs.d.ts" />
import {stemmer as talaStemmer} from '@orama/stemmers/indonesian';
import {Stemmer as SastrawiStemmer} from 'sastrawijs';

/**
 * The Indonesian side of the analyzer. The handbook is English with Indonesian keywords, and the
 * studio's readers write half in Indonesian ("retensi log Loki berapa lama?", "udah di-merge
 * tapi deploy-nya gagal"), so a word the handbook does not hold is read as Indonesian too:
 * 1. its stem by Nazief and Adriani's algorithm as Sastrawi implements it, with Sastrawi's root
 *    dictionary (`sastrawijs`), for the Indonesian words the handbook does use ("cutinya": cuti);
 * 2. the colloquial affixes of Jakarta Indonesian on an English verb, stripped (nge-deploy,
 *    ngepush, di-merge, dimerge, restartin, deploynya, ke-restart);
 * 3. the English word a loanword was absorbed from, by the official absorption rules read
 *    backwards (Pedoman Umum Pembentukan Istilah, Kemendikbud 2007: -tion → -si, -ization →
 *    -isasi, -ity → -itas, -ic → -ik, -ive → -if, -ism → -isme, c → k, x → ks, qu → kw):
 *    konfigurasi → configuration, retensi → retention, kualitas → quality, kode → code.
 * Each form is only a candidate: the engine keeps the ones the handbook holds.
 */

export type IndonesianStemmer = (word: string) => string;

let sastrawi: SastrawiStemmer | null = null;
function sastrawiStemmer(): SastrawiStemmer {
  sastrawi ??= new SastrawiStemmer();
  return sastrawi;
}

/** Nazief–Adriani with Sastrawi's dictionary (the default). */
export const sastrawiStem: IndonesianStemmer = (word) => sastrawiStemmer().stem(word);
/** Tala's stemmer as Snowball has it (no dictionary), for comparison. */
export const talaStem: IndonesianStemmer = (word) => talaStemmer(word);

let stemIndonesian: IndonesianStemmer = sastrawiStem;

/** Chooses the Indonesian stemmer (`bench/ask-ai-fit/fit.ts --stemmer tala` compares both). */
export function useIndonesianStemmer(stemmer: IndonesianStemmer): void {
  stemIndonesian = stemmer;
  stemCache.clear();
}

const stemCache = new Map<string, string>();
export function indonesianStem(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = stemIndonesian(word);
    if (stemCache.size > 10_000) stemCache.clear();
    stemCache.set(word, stem);
  }
  return stem;
}

/**
 * Whether a word is Indonesian: it, its stem, or the base of its colloquial form (nambah:
 * tambah, dibeliin: beli) is a root of Sastrawi's dictionary.
 */
export function isIndonesianWord(word: string): boolean {
  const stemmer = sastrawiStemmer();
  if (stemmer.find(word) || stemmer.find(indonesianStem(word))) return true;
  return colloquialForms(word).some((form) => stemmer.find(form));
}

/** Colloquial prefixes on a verb (with or without a hyphen), longest first. */
const COLLOQUIAL_PREFIXES = ['nge', 'ng', 'di', 'ke', 'ter', 'me', 'ber'];
/**
 * The nasal prefix meN- and its colloquial form N- replace a verb's first consonant (standard
 * Indonesian morphology, as Sastrawi's rules for the formal forms): men-/n- + vowel for t
 * (nambah: tambah), mem- + vowel for p, meng-/ng- + vowel for k (ngirim: kirim), meny-/ny- +
 * vowel for s or c (nyari: cari, nyimpen: simpen).
 */
const NASAL: readonly (readonly [string, readonly string[]])[] = [
  ['meny', ['s', 'c']],
  ['meng', ['k', '']],
  ['mem', ['p', '']],
  ['men', ['t', '']],
  ['ny', ['s', 'c']],
  ['ng', ['k']],
  ['n', ['t']],
];
/** Colloquial and standard suffixes and particles on a borrowed word. */
const COLLOQUIAL_SUFFIXES = ['nya', 'in', 'kan', 'lah', 'kah', 'pun'];

/**
 * Jakartan vowels read back to the standard word (Sneddon, "Colloquial Jakartan Indonesian",
 * 2006, §2: /a/ of a final closed syllable is said /e/, benar: bener, dapat: dapet, simpan:
 * simpen; final /ai/ is said /e/, pakai: pake, sampai: sampe).
 */
function standardVowels(base: string): string[] {
  const forms: string[] = [];
  if (/[^aeiou]e[^aeiouy]$/.test(base)) forms.push(`${base.slice(0, -2)}a${base.slice(-1)}`);
  if (/[^aeiou]e$/.test(base) && base.length >= 4) forms.push(`${base.slice(0, -1)}ai`);
  return forms;
}

/** nge-deploy, di-merge, restartin, deploynya: the English word inside. */
export function colloquialForms(word: string): string[] {
  const forms = new Set<string>();
  const bases = [word];
  for (const prefix of COLLOQUIAL_PREFIXES) {
    if (word.startsWith(prefix) && word.length - prefix.length >= 4) {
      bases.push(word.slice(prefix.length));
      break;
    }
  }
  for (const [prefix, firsts] of NASAL) {
    if (!word.startsWith(prefix) || !/[aeiou]/.test(word[prefix.length] ?? '')) continue;
    if (word.length - prefix.length < 3) continue;
    for (const first of firsts) bases.push(first + word.slice(prefix.length));
    break;
  }
  for (const base of bases) {
    forms.add(base);
    for (const suffix of COLLOQUIAL_SUFFIXES)
      if (base.endsWith(suffix) && base.length - suffix.length >= 4)
        forms.add(base.slice(0, -suffix.length));
  }
  // Only a standard word Sastrawi's dictionary knows: releasai and codai are no words.
  for (const form of [...forms])
    for (const standard of standardVowels(form))
      if (sastrawiStemmer().find(standard)) forms.add(standard);
  forms.delete(word);
  return [...forms];
}

/** The absorption rules read backwards: Indonesian ending → English ending. */
const ENDINGS: readonly (readonly [string, readonly string[]])[] = [
  ['isasi', ['ization', 'isation']],
  ['asi', ['ation']],
  ['si', ['tion', 'sion', 'ssion']],
  ['itas', ['ity']],
  ['ikal', ['ical']],
  ['isme', ['ism']],
  ['ik', ['ic', 'ics']],
  ['if', ['ive']],
  ['er', ['er']],
  ['or', ['or']],
  ['e', ['e']],
  ['', ['']],
];

/** Spelling: Indonesian k for c and q, ks for x (kode: code, teks: text, kualitas: quality). */
function respell(stem: string): string[] {
  const out = new Set([stem]);
  out.add(stem.replace(/ks/g, 'x'));
  out.add(stem.replace(/^ku(?=[aeio])/, 'qu').replace(/kw/g, 'qu'));
  for (const form of [...out]) {
    out.add(form.replace(/k/g, 'c'));
    // Only the first k (konteks → context, not contect).
    out.add(form.replace(/k/, 'c'));
  }
  return [...out];
}

/** konfigurasi → configuration, retensi → retention, versi → version, kode → code. */
export function loanwordForms(word: string): string[] {
  const forms = new Set<string>();
  for (const [ending, english] of ENDINGS) {
    if (!word.endsWith(ending) || word.length - ending.length < 2) continue;
    const stem = word.slice(0, word.length - ending.length);
    for (const spelled of respell(stem)) for (const suffix of english) forms.add(spelled + suffix);
    if (ending !== '') break;
  }
  forms.delete(word);
  return [...forms];
}

/**
 * The forms an Indonesian or half-Indonesian word may take in the handbook, likeliest first:
 * its Indonesian stem, its colloquial base, and the English word it was borrowed from (of the
 * word, of its stem and of its colloquial base).
 */
export function indonesianVariants(word: string): string[] {
  if (word.length < 3 || /\d/.test(word)) return [];
  const forms: string[] = [];
  // The stem only of a word Sastrawi's dictionary knows: an English typo is not Indonesian.
  const stem = isIndonesianWord(word) ? indonesianStem(word) : word;
  if (stem !== word) forms.push(stem);
  const colloquial = colloquialForms(word);
  forms.push(...colloquial);
  for (const base of [word, stem, ...colloquial]) forms.push(...loanwordForms(base));
  return [...new Set(forms)].filter((form) => form !== word && form.length >= 2);
}
