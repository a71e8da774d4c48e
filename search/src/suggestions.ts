import {queryWords} from './analysis/queryWords';
import {words} from './analysis/tokens';
import {boundedDistance} from './analysis/typos';
import type {SearchEngine} from './engine/searchEngine';
import {HIERARCHY_LEVELS, type SearchHit, type SearchRequest} from './types';

/**
 * "Try searching for" on the modal's no-results screen (SPEC §8): up to three queries that do
 * find something, chosen for the query that found nothing.
 *
 * A query finds nothing when none of its words is within the engine's typo tolerance of a word
 * in the index. Each word is then replaced by the nearest word of the handbook's titles and
 * headings (what a reader would type as a query), at most half the longer word's letters
 * away, and the engine is asked for that corrected query: the page titles of its best hits are
 * the suggestions ("pstgrzz" → "PostgreSQL"). When no word is near anything ("zzqxqv"), the
 * suggestions are the handbook's largest sections, so the reader still has somewhere to go.
 * Every suggestion is a page or section title the engine finds under the same facet filters.
 */

export const MAX_SUGGESTIONS = 3;
/** The modal caps its query at 64 characters; a longer title would not fit as a query. */
export const MAX_SUGGESTION_LENGTH = 64;
/** Words at most this share of the longer word's letters apart count as near. */
const NEAR_SHARE = 0.5;

type Vocabulary = {
  /** Each word of the titles and headings, with how many headings hold it. */
  readonly terms: ReadonlyMap<string, number>;
  /** Top-level sections (DocSearch's lvl0), the largest first. */
  readonly sections: readonly string[];
};

export type Suggester = (request: SearchRequest) => string[];

function browseRequest(request: SearchRequest, hitsPerPage: number): SearchRequest {
  return {
    ...request,
    query: '',
    page: 0,
    hitsPerPage,
    facets: [],
    attributesToRetrieve: HIERARCHY_LEVELS.map((level) => `hierarchy.${level}`),
    attributesToSnippet: [],
    attributesToHighlight: [],
    clickAnalytics: false,
  };
}

/**
 * The vocabulary of what the facet filters admit, read through the engine's own browse (an
 * empty query lists one record per heading), so it never disagrees with what search finds.
 */
function readVocabulary(engine: SearchEngine, request: SearchRequest): Vocabulary {
  const {hits} = engine.search(browseRequest(request, engine.size));
  const terms = new Map<string, number>();
  const pagesPerSection = new Map<string, Set<string>>();
  for (const hit of hits) {
    const hierarchy = hit.hierarchy ?? {};
    for (const value of Object.values(hierarchy)) {
      for (const term of new Set(words(value ?? ''))) terms.set(term, (terms.get(term) ?? 0) + 1);
    }
    const {lvl0, lvl1} = hierarchy;
    if (lvl0 && lvl1 && lvl0.length <= MAX_SUGGESTION_LENGTH) {
      const pages = pagesPerSection.get(lvl0) ?? new Set<string>();
      pages.add(lvl1);
      pagesPerSection.set(lvl0, pages);
    }
  }
  const sections = [...pagesPerSection]
    .sort(([a, pagesA], [b, pagesB]) => pagesB.size - pagesA.size || a.localeCompare(b))
    .map(([section]) => section);
  return {terms, sections};
}

/** The handbook word nearest to `word`, or null when none is near enough. */
export function nearestTerm(word: string, terms: ReadonlyMap<string, number>): string | null {
  let best: {term: string; similarity: number; count: number} | null = null;
  for (const [term, count] of terms) {
    const longer = Math.max(word.length, term.length);
    const limit = Math.floor(longer * NEAR_SHARE);
    if (limit === 0) continue;
    const distance = boundedDistance(word, term, limit);
    if (distance > limit) continue;
    const similarity = 1 - distance / longer;
    if (
      best === null ||
      similarity > best.similarity ||
      (similarity === best.similarity && count > best.count)
    ) {
      best = {term, similarity, count};
    }
  }
  return best?.term ?? null;
}

function pageTitles(hits: readonly SearchHit[]): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const hit of hits) {
    const title = hit.hierarchy?.lvl1?.trim();
    if (!title || title.length > MAX_SUGGESTION_LENGTH) continue;
    const key = title.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    titles.push(title);
  }
  return titles;
}

/**
 * A suggester over the engine's index. The vocabulary of each set of facet filters is read
 * once, on the first query that finds nothing with them (DocSearch sends few sets).
 */
export function createSuggester(engine: SearchEngine): Suggester {
  const vocabularies = new Map<string, Vocabulary>();
  const vocabularyFor = (request: SearchRequest): Vocabulary => {
    const key = JSON.stringify(request.facetFilters);
    let vocabulary = vocabularies.get(key);
    if (!vocabulary) {
      vocabulary = readVocabulary(engine, request);
      if (vocabularies.size >= 16) vocabularies.delete(vocabularies.keys().next().value as string);
      vocabularies.set(key, vocabulary);
    }
    return vocabulary;
  };

  return (request) => {
    if (words(request.query).length === 0) return [];
    const vocabulary = vocabularyFor(request);
    const corrected = queryWords(request.query)
      .map((word) => nearestTerm(word.text, vocabulary.terms))
      .filter((term): term is string => term !== null);
    if (corrected.length > 0) {
      const {hits} = engine.search({
        ...browseRequest(request, 20),
        query: corrected.join(' '),
      });
      const titles = pageTitles(hits).slice(0, MAX_SUGGESTIONS);
      if (titles.length > 0) return titles;
    }
    return vocabulary.sections.slice(0, MAX_SUGGESTIONS);
  };
}
