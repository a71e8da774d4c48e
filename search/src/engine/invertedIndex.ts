import SearchableMap from 'minisearch/SearchableMap';
import {stemOf} from '../analysis/stems';
import {phraseMatcher} from '../analysis/synonyms';
import {identifierParts, words} from '../analysis/tokens';
import type {SearchRecord} from '../types';

/**
 * The index the engine reads: every word of the searchable attributes → the records that hold
 * it, in which attributes (a bitmask, best attribute first), and how often. Terms live in
 * MiniSearch's radix tree, which answers exact, prefix and edit-distance lookups; postings are
 * typed arrays, so a query allocates almost nothing however many records match.
 */

// Searchable attributes, best first (bit 0 = page title). The attributes of one entry rank
// alike, as Algolia's `searchableAttributes: ["lvl2,description"]` does: a page's description
// (its writer's one-sentence summary, on the title record) counts as much as a subheading.
// lvl0 (the section) is shown and grouped on, not searched: a section name would match
// thousands of records and drown the pages that are about it.
export const SEARCHABLE = [
  ['lvl1'],
  ['lvl2', 'description', 'keywords'],
  ['lvl3'],
  ['lvl4'],
  ['lvl5'],
  ['lvl6'],
  ['content'],
] as const;
export const CONTENT_RANK = SEARCHABLE.length - 1;
/** BM25F weights of where a word matched (page title, headings, content), by attribute rank. */
export const FIELD_WEIGHT = Float32Array.from({length: CONTENT_RANK + 1}, (_, rank) =>
  rank === 0 ? 2 : rank < CONTENT_RANK ? 1.5 : 1,
);

export type Postings = {
  readonly ids: Int32Array;
  /** Bitmask of the attributes holding the term, bit i = SEARCHABLE[i]. */
  readonly fields: Uint8Array;
  /** Occurrences of the term in the record, capped at 255. */
  readonly tf: Uint8Array;
};

export type InvertedIndex = {
  readonly terms: SearchableMap<number>;
  readonly postings: readonly Postings[];
  /** Words per record, for length normalisation of the relevance score. */
  readonly lengths: Uint16Array;
  readonly averageLength: number;
  /** The same without the page keywords (metadata, not text), for keyword queries. */
  readonly textLengths: Uint16Array;
  readonly averageTextLength: number;
  /** English stem (Porter) → the terms with that stem, so "hotfix" also finds "hotfixes". */
  readonly stems: ReadonlyMap<string, readonly (readonly [term: string, termId: number])[]>;
};

/** The best attribute rank in a field bitmask (its lowest set bit). */
export const BEST_FIELD = Uint8Array.from({length: 1 << SEARCHABLE.length}, (_, mask) =>
  mask === 0 ? CONTENT_RANK : Math.min(CONTENT_RANK, Math.log2(mask & -mask)),
);

type Attribute = (typeof SEARCHABLE)[number][number];

function valueOf(record: SearchRecord, attribute: Attribute): string | null {
  if (attribute === 'content') return record.content;
  if (attribute === 'description') return record.description ?? null;
  if (attribute === 'keywords') return record.keywords ?? null;
  return record.hierarchy[attribute];
}

function textOf(record: SearchRecord, attributes: readonly Attribute[]): string | null {
  const values = attributes.map((attribute) => valueOf(record, attribute)).filter(Boolean);
  return values.length > 0 ? values.join(' ') : null;
}

const keywordCount = (record: SearchRecord) =>
  record.keywords ? words(record.keywords).length : 0;

/**
 * `phrases`: the writers' synonym targets of several words; each occurrence of one in a record's
 * text is indexed as one more term (`not allowed`), so a synonym can stand for the phrase.
 */
export function buildInvertedIndex(
  records: readonly SearchRecord[],
  phrases: readonly (readonly string[])[] = [],
): InvertedIndex {
  const phrasesIn = phraseMatcher(phrases);
  const terms = new SearchableMap<number>();
  const ids: number[][] = [];
  const fields: number[][] = [];
  const tfs: number[][] = [];
  const lengths = new Uint16Array(records.length);
  const textLengths = new Uint16Array(records.length);
  let totalLength = 0;
  let totalTextLength = 0;
  records.forEach((record, id) => {
    const seen = new Map<number, number>(); // term id → slot in its postings
    let length = 0;
    let textLength = 0;
    SEARCHABLE.forEach((attributes, bit) => {
      const text = textOf(record, attributes);
      if (!text) return;
      const own = words(text);
      length += own.length;
      textLength +=
        own.length -
        ((attributes as readonly Attribute[]).includes('keywords') ? keywordCount(record) : 0);
      for (const word of [...own, ...identifierParts(text), ...phrasesIn(own)]) {
        let termId = terms.get(word);
        if (termId === undefined) {
          termId = ids.length;
          terms.set(word, termId);
          ids.push([]);
          fields.push([]);
          tfs.push([]);
        }
        let slot = seen.get(termId);
        if (slot === undefined) {
          slot = (ids[termId] as number[]).push(id) - 1;
          (fields[termId] as number[]).push(0);
          (tfs[termId] as number[]).push(0);
          seen.set(termId, slot);
        }
        const termFields = fields[termId] as number[];
        const termTf = tfs[termId] as number[];
        termFields[slot] = (termFields[slot] ?? 0) | (1 << bit);
        termTf[slot] = Math.min(255, (termTf[slot] ?? 0) + 1);
      }
    });
    lengths[id] = Math.min(65535, length);
    textLengths[id] = Math.min(65535, textLength);
    totalLength += length;
    totalTextLength += textLength;
  });
  const stems = new Map<string, [string, number][]>();
  for (const [term, termId] of terms) {
    const stem = stemOf(term);
    if (stem === null) continue;
    const list = stems.get(stem);
    if (list) list.push([term, termId]);
    else stems.set(stem, [[term, termId]]);
  }
  return {
    terms,
    stems,
    postings: ids.map((termIds, termId) => ({
      ids: Int32Array.from(termIds),
      fields: Uint8Array.from(fields[termId] ?? []),
      tf: Uint8Array.from(tfs[termId] ?? []),
    })),
    lengths,
    averageLength: records.length === 0 ? 1 : Math.max(1, totalLength / records.length),
    textLengths,
    averageTextLength: records.length === 0 ? 1 : Math.max(1, totalTextLength / records.length),
  };
}
