import {readFileSync} from 'node:fs';
import {colloquialForms, indonesianStem} from './indonesian';
import {isStopWord} from './stopWords';

/**
 * The English words an Indonesian word translates to, from FreeDict's English–Indonesian
 * dictionary read backwards (search/data/indonesian-english.json, built by
 * search/scripts/indonesianLexicon.ts; Wiktionary's translations, CC BY-SA 3.0): "hapus" is
 * delete, "gagal" fail, "simpan" keep or save, "cadangan" backup. The handbook is English, so a
 * reader's Indonesian verb or noun ("kalau deploy gagal", "cara hapus branch") would otherwise
 * match nothing. The word is looked up as typed, then by its root (Sastrawi: menghapus → hapus),
 * then by its colloquial base (nyimpen → simpan): the first form the dictionary holds.
 * Translations that are English stop words ("buat": for) are dropped; the engine keeps the ones
 * the handbook holds. A word known only this way is read but weighs nothing in BM25 and in the
 * shares of the question (`TRANSLATED_WEIGHT` in sections/rankSections.ts): the dictionary's
 * senses of common verbs are too often not the reader's (memakai: employ, carry). Its worth is
 * fitted apart, in the features `translatedCoverage` (sections) and `translatedShare` (passages).
 */
let lexicon: ReadonlyMap<string, readonly string[]> | null = null;

function words(): ReadonlyMap<string, readonly string[]> {
  if (lexicon === null) {
    const file = new URL('../../data/indonesian-english.json', import.meta.url);
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
      words: Record<string, readonly string[]>;
    };
    lexicon = new Map(
      Object.entries(parsed.words).map(([word, english]) => [
        word,
        english.filter((translation) => !isStopWord(translation)),
      ]),
    );
  }
  return lexicon;
}

/** The translations of the first form the dictionary holds: as typed, its root, its base. */
export function englishTranslations(word: string): readonly string[] {
  for (const form of [word, indonesianStem(word), ...colloquialForms(word)]) {
    const english = words().get(form);
    if (english !== undefined && english.length > 0) return english;
  }
  return [];
}
