import SearchableMap from 'minisearch/SearchableMap';
import {factsOf} from '../analysis/facts';
import {stemOf} from '../analysis/stems';
import {phraseMatcher, phrasesOf, synonymMap, type SynonymRecord} from '../analysis/synonyms';
import {identifierParts, words} from '../analysis/tokens';
import {lengthNorms} from '../engine/bm25';
import type {Lexicon} from '../engine/queryExpansion';
import {pathOf} from './extractSections';
import type {PageMeta, Section, Unit} from './types';

/**
 * Ask AI's index: the handbook's sections as documents, each with five fields scored apart
 * (BM25 per field, their weights fitted: search/DESIGN.md), and each section's units and heading
 * trail as sets of terms, so a question's words can be found in a passage without reading text
 * again. Built by the same analyzer as the search records (tokens, identifier parts, stems,
 * synonyms, typo lookups on MiniSearch's radix tree).
 */

/** Where a word of a section was found. */
export const FIELDS = ['title', 'heading', 'text', 'code', 'meta'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_COUNT = FIELDS.length;

export type SectionPostings = {
  readonly ids: Int32Array;
  /** Occurrences per field, `FIELD_COUNT` per posting, capped at 255. */
  readonly tf: Uint8Array;
};

export type SectionIndex = {
  readonly sections: readonly Section[];
  readonly lexicon: Lexicon;
  readonly postings: readonly SectionPostings[];
  /** BM25's length normalisation per section and field (`FIELD_COUNT` per section). */
  readonly norms: Float64Array;
  readonly pageIds: Int32Array;
  readonly pageCount: number;
  /** The first unit of each section in the unit arrays; `unitStart[n]` is the unit count. */
  readonly unitStart: Int32Array;
  /** Each unit's distinct terms, sorted. */
  readonly unitTerms: readonly Int32Array[];
  /** Each unit's fact kinds (`factsOf`). */
  readonly unitFacts: Uint8Array;
  /** Each section's heading trail terms (page title included), sorted. */
  readonly trailTerms: readonly Int32Array[];
  /** Each section's own headings' terms (the trail below the page title), sorted. */
  readonly headingTerms: readonly Int32Array[];
  /**
   * Whether a term is a name (a tool, a product, a project): most of its uses inside a sentence
   * are capitalised ("Redis", "Kong", "Pusaka").
   */
  readonly named: Uint8Array;
  /** `/docs/page#anchor` and `/docs/page` (its opening) → section index. */
  readonly byAnchor: ReadonlyMap<string, number>;
};

/**
 * The fact kinds (`factsOf`) each unit states. A sentence that introduces a list (it ends with a
 * colon, and list items or table rows follow it) states what its list states: "only after
 * approval from one of the designated approvers:" names the roles listed under it. Code states
 * none.
 */
export function statedFacts(units: readonly Unit[]): number[] {
  const own = units.map((unit) => (unit.kind === 'code' ? 0 : factsOf(unit.text)));
  return units.map((unit, u) => {
    let facts = own[u] ?? 0;
    if (unit.kind !== 'text' || !unit.text.trimEnd().endsWith(':')) return facts;
    for (let next = u + 1; next < units.length; next += 1) {
      const kind = units[next]?.kind;
      if (kind !== 'item' && kind !== 'row') break;
      facts |= own[next] ?? 0;
    }
    return facts;
  });
}

/** A word is a name when at least half of its uses inside a sentence are capitalised. */
const NAME_SHARE = 0.5;

export function buildSectionIndex(
  sections: readonly Section[],
  pages: readonly PageMeta[],
  synonyms: readonly SynonymRecord[] = [],
): SectionIndex {
  const phrasesIn = phraseMatcher(phrasesOf(synonyms));
  const terms = new SearchableMap<number>();
  const ids: number[][] = [];
  const tfs: number[][] = [];
  const termOf = (word: string): number => {
    let termId = terms.get(word);
    if (termId === undefined) {
      termId = ids.length;
      terms.set(word, termId);
      ids.push([]);
      tfs.push([]);
    }
    return termId;
  };
  const metaOf = new Map(pages.map((meta) => [meta.page, meta]));
  const n = sections.length;
  const lengths = FIELDS.map(() => new Uint16Array(n));
  const unitStart = new Int32Array(n + 1);
  const unitTerms: Int32Array[] = [];
  const unitFacts: number[] = [];
  const trailTerms: Int32Array[] = [];
  const headingTerms: Int32Array[] = [];
  const pageNumbers = new Map<string, number>();
  const byAnchor = new Map<string, number>();
  const capitalised = new Map<string, [caps: number, uses: number]>();

  sections.forEach((section, id) => {
    const seen = new Map<number, number>(); // term → slot in its postings
    const add = (text: string, field: number) => {
      const own = words(text);
      (lengths[field] as Uint16Array)[id] = Math.min(
        65535,
        ((lengths[field] as Uint16Array)[id] ?? 0) + own.length,
      );
      const found: number[] = [];
      for (const word of [...own, ...identifierParts(text), ...phrasesIn(own)]) {
        const termId = termOf(word);
        found.push(termId);
        let slot = seen.get(termId);
        if (slot === undefined) {
          slot = (ids[termId] as number[]).push(id) - 1;
          (tfs[termId] as number[]).push(0, 0, 0, 0, 0);
          seen.set(termId, slot);
        }
        const at = slot * FIELD_COUNT + field;
        const list = tfs[termId] as number[];
        list[at] = Math.min(255, (list[at] ?? 0) + 1);
      }
      return found;
    };
    add(section.pageTitle, 0);
    const trail = new Set(words(section.trail.join(' ')).map(termOf));
    const headings = new Set<number>();
    for (const heading of section.trail.slice(1)) for (const t of add(heading, 1)) headings.add(t);
    trailTerms.push(Int32Array.from(trail).sort());
    headingTerms.push(Int32Array.from(headings).sort());
    unitStart[id] = unitTerms.length;
    for (const unit of section.units) {
      const found = add(unit.text, unit.kind === 'code' ? 3 : 2);
      unitTerms.push(Int32Array.from(new Set(found)).sort());
      if (unit.kind !== 'code') countCapitals(unit.text, capitalised);
    }
    unitFacts.push(...statedFacts(section.units));
    const meta = metaOf.get(section.page);
    if (meta) add([meta.description ?? '', meta.keywords ?? ''].join(' '), 4);
    if (!pageNumbers.has(section.page)) pageNumbers.set(section.page, pageNumbers.size);
    for (const anchor of section.anchors) byAnchor.set(`${section.page}#${anchor}`, id);
    if (!byAnchor.has(section.page)) byAnchor.set(section.page, id);
  });
  unitStart[n] = unitTerms.length;

  const norms = new Float64Array(n * FIELD_COUNT);
  FIELDS.forEach((_, field) => {
    const of = lengths[field] as Uint16Array;
    let total = 0;
    for (const length of of) total += length;
    const fieldNorms = lengthNorms(of, Math.max(1, total / Math.max(1, n)));
    for (let id = 0; id < n; id += 1) norms[id * FIELD_COUNT + field] = fieldNorms[id] as number;
  });
  const stems = new Map<string, [string, number][]>();
  for (const [term, termId] of terms) {
    const stem = stemOf(term);
    if (stem === null) continue;
    const list = stems.get(stem);
    if (list) list.push([term, termId]);
    else stems.set(stem, [[term, termId]]);
  }
  const named = new Uint8Array(ids.length);
  for (const [word, [caps, uses]] of capitalised) {
    const termId = terms.get(word);
    if (termId !== undefined && uses > 0 && caps / uses >= NAME_SHARE) named[termId] = 1;
  }
  return {
    sections,
    lexicon: {terms, stems, synonyms: synonymMap(synonyms)},
    postings: ids.map((list, termId) => ({
      ids: Int32Array.from(list),
      tf: Uint8Array.from(tfs[termId] ?? []),
    })),
    norms,
    pageIds: Int32Array.from(sections, (section) => pageNumbers.get(section.page) ?? 0),
    pageCount: pageNumbers.size,
    unitStart,
    unitTerms,
    unitFacts: Uint8Array.from(unitFacts),
    trailTerms,
    headingTerms,
    named,
    byAnchor,
  };
}

/** Counts, for each word used inside a sentence (not its first word), how often it is capitalised. */
function countCapitals(text: string, counts: Map<string, [number, number]>): void {
  // A table cell, a clause after a colon or a dash, a parenthesis and a quotation start as a
  // sentence does: their first word is capitalised whatever it is.
  for (const segment of text.split(/\s[|:;—–-]\s|[(“"]|[:.!?]\s/)) countSegment(segment, counts);
}

function countSegment(text: string, counts: Map<string, [number, number]>): void {
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu) ?? [];
  tokens.forEach((token, index) => {
    if (index === 0) return;
    const first = token[0] as string;
    for (const word of words(token)) {
      const entry = counts.get(word) ?? [0, 0];
      if (first !== first.toLowerCase()) entry[0] += 1;
      entry[1] += 1;
      counts.set(word, entry);
    }
  });
}

/** The section a search hit's URL points at (its anchor's, else the page's opening). */
export function sectionOfUrl(index: SectionIndex, url: string): number | undefined {
  const parsed = new URL(url, 'http://handbook.invalid');
  const page = pathOf(url);
  return (
    (parsed.hash ? index.byAnchor.get(`${page}${parsed.hash}`) : undefined) ??
    index.byAnchor.get(page)
  );
}
