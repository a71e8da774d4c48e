import type {SynonymRecord} from './analysis/synonyms';
import type {PageKind} from './pageKind';
import type {PageMeta, Section} from './sections/types';

export type {SynonymRecord} from './analysis/synonyms';
export type {PageKind} from './pageKind';
export type {PageMeta, Section, Unit} from './sections/types';
/**
 * The one module for the shapes the search speaks: the DocSearch-style records the indexer
 * writes and the engine reads, and the Algolia multi-query wire format the endpoint answers.
 */

export const HIERARCHY_LEVELS = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'] as const;
export type HierarchyLevel = (typeof HIERARCHY_LEVELS)[number];
export type Hierarchy = Record<HierarchyLevel, string | null>;

/** One record per heading and per content block, as the DocSearch crawler makes them. */
export type SearchRecord = {
  readonly objectID: string;
  /** Absolute URL, with the anchor of the nearest heading. */
  readonly url: string;
  readonly type: Exclude<HierarchyLevel, 'lvl0'> | 'content';
  readonly hierarchy: Hierarchy;
  readonly content: string | null;
  readonly language: string;
  readonly docusaurus_tag: string;
  /** The kind of page the record belongs to (set by the indexer from the page's markup). */
  readonly kind: PageKind;
  /** Order of the record in its page (DocSearch's weight.position). */
  readonly position: number;
  /**
   * The page's description (its front matter's summary), on the page's title record only, and
   * only when the writer wrote one: searched like a subheading, never shown in a hit.
   */
  readonly description?: string;
  /**
   * The page's keywords (its front matter's `keywords`: the words readers search it by, which
   * the page itself may not use), on the title record only, searched like the description.
   */
  readonly keywords?: string;
};

export type SearchIndexFile = {
  readonly version: 2;
  readonly generatedAt: string;
  readonly records: readonly SearchRecord[];
  /** Ask AI's sections (h2/h3, code included, cut into quotable units). */
  readonly sections: readonly Section[];
  /** Each sectioned page's title, kind, description and keywords. */
  readonly pages: readonly PageMeta[];
  /** The writers' synonyms (site/search-synonyms.json) as of the build; absent in old files. */
  readonly synonyms?: readonly SynonymRecord[];
};

/** One query of `POST /1/indexes/*\/queries`, after validation. */
export type SearchRequest = {
  readonly indexName: string;
  readonly query: string;
  readonly hitsPerPage: number;
  readonly page: number;
  /** AND of ORs: `["language:en", ["docusaurus_tag:a", "docusaurus_tag:b"]]`. */
  readonly facetFilters: readonly (readonly string[])[];
  readonly facets: readonly string[];
  readonly attributesToRetrieve: readonly string[] | null;
  readonly attributesToSnippet: readonly string[];
  readonly attributesToHighlight: readonly string[] | null;
  readonly snippetEllipsisText: string;
  readonly highlightPreTag: string;
  readonly highlightPostTag: string;
  readonly clickAnalytics: boolean;
};

export type MatchLevel = 'none' | 'partial' | 'full';

export type HighlightResult = {
  readonly value: string;
  readonly matchLevel: MatchLevel;
  readonly matchedWords: string[];
  readonly fullyHighlighted?: boolean;
};

export type SnippetResult = {readonly value: string; readonly matchLevel: MatchLevel};

export type SearchHit = Partial<Omit<SearchRecord, 'hierarchy'>> & {
  readonly objectID: string;
  hierarchy?: Partial<Hierarchy>;
  _highlightResult: Record<string, unknown>;
  _snippetResult: Record<string, unknown>;
};

export type SearchResult = {
  readonly hits: SearchHit[];
  readonly nbHits: number;
  readonly nbPages: number;
  readonly page: number;
  readonly hitsPerPage: number;
  readonly query: string;
  readonly params: string;
  readonly index: string;
  readonly processingTimeMS: number;
  readonly exhaustiveNbHits: true;
  readonly queryID?: string;
  readonly facets?: Record<string, Record<string, number>>;
};

export type SearchResponse = {readonly results: SearchResult[]};
