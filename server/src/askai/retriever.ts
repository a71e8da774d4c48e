import type {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRequest} from '@studio-handbook/search/types';
import {pathOf} from './handbookSections';
import {damerauWithin} from './editDistance';
import {questionTerms, stemsOf} from './terms';
import type {RetrievedSection, Section, WeightedTerm} from './types';

/**
 * Finds the sections that answer a question. Two rankings are fused: the search engine's (the
 * same one the modal uses, so every improvement to search improves answers) and a BM25F over
 * whole sections, code included, with headings weighted above body text. All words are
 * optional and rare words weigh more, as a question needs.
 */

const HEADING_WEIGHT = 3;
const PAGE_TITLE_WEIGHT = 2;
const BM25_K1 = 1.2;
const BM25_B = 0.6;
const ENGINE_HITS = 20;
/** Weight of the engine's ranking in the fusion (reciprocal rank). */
const ENGINE_WEIGHT = 0.5;

type SectionTerms = {
  readonly weighted: Map<string, number>;
  readonly length: number;
  /** Every stem of the section and its headings (for coverage). */
  readonly all: Set<string>;
};

export type RetrieverOptions = {
  /** Sections returned, best first. */
  readonly limit?: number;
};

export class SectionRetriever {
  private readonly sections: readonly Section[];
  private readonly terms: readonly SectionTerms[];
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly averageLength: number;
  /** `/docs/page#anchor` (and `/docs/page` for a page's opening) → section index. */
  private readonly byAnchor = new Map<string, number>();
  private readonly vocabulary: readonly string[];

  constructor(
    sections: readonly Section[],
    private readonly engine: SearchEngine | null,
  ) {
    this.sections = sections;
    const documentFrequency = new Map<string, number>();
    this.terms = sections.map((section, index) => {
      const weighted = new Map<string, number>();
      const add = (text: string, weight: number) => {
        for (const term of stemsOf(text)) weighted.set(term, (weighted.get(term) ?? 0) + weight);
      };
      add(section.heading, HEADING_WEIGHT);
      if (section.heading !== section.pageTitle) add(section.pageTitle, PAGE_TITLE_WEIGHT);
      for (const heading of section.trail.slice(1, -1)) add(heading, 1);
      for (const block of section.blocks) add(block.text, 1);
      const all = new Set(weighted.keys());
      for (const term of all) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      let length = 0;
      for (const value of weighted.values()) length += value;
      for (const anchor of section.anchors) this.byAnchor.set(`${section.page}#${anchor}`, index);
      if (!this.byAnchor.has(section.page)) this.byAnchor.set(section.page, index);
      return {weighted, length, all};
    });
    const n = Math.max(1, sections.length);
    for (const [term, df] of documentFrequency) {
      this.idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
    }
    this.maxIdf = Math.log(1 + (n + 0.5) / 0.5);
    this.averageLength =
      this.terms.reduce((sum, terms) => sum + terms.length, 0) / Math.max(1, this.terms.length);
    this.vocabulary = [...documentFrequency.keys()];
  }

  get size(): number {
    return this.sections.length;
  }

  /**
   * A question word the handbook never uses is looked up with one typo (a transposition
   * counts as one), so "rollabck" still finds "rollback"; a word with no near neighbour stays
   * unknown and counts against the question being answerable.
   */
  private resolve(term: string): string | null {
    if (this.idf.has(term)) return term;
    if (term.length < 5) return null;
    let best: string | null = null;
    let bestIdf = Infinity;
    for (const candidate of this.vocabulary) {
      if (Math.abs(candidate.length - term.length) > 1) continue;
      if (!damerauWithin(term, candidate, 1)) continue;
      // Prefer the most common neighbour (lowest idf): the likeliest intended word.
      const idf = this.idf.get(candidate) ?? Infinity;
      if (idf < bestIdf) {
        best = candidate;
        bestIdf = idf;
      }
    }
    return best;
  }

  /** The question's meaningful stems with their rarity (idf); unknown words weigh most. */
  weigh(question: string): WeightedTerm[] {
    return questionTerms(question).map((term) => {
      const resolved = this.resolve(term) ?? term;
      return {term: resolved, weight: this.idf.get(resolved) ?? this.maxIdf};
    });
  }

  retrieve(question: string, options: RetrieverOptions = {}): RetrievedSection[] {
    const limit = options.limit ?? 5;
    const raw = questionTerms(question);
    const terms = raw.map((term) => ({term, resolved: this.resolve(term)}));
    const weightOf = (resolved: string | null) =>
      resolved === null ? this.maxIdf : (this.idf.get(resolved) ?? this.maxIdf);
    const totalWeight = terms.reduce((sum, {resolved}) => sum + weightOf(resolved), 0);

    const scores = new Float64Array(this.sections.length);
    for (const {resolved} of terms) {
      if (resolved === null) continue;
      const idf = this.idf.get(resolved) ?? 0;
      this.terms.forEach((section, index) => {
        const tf = section.weighted.get(resolved);
        if (!tf) return;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * section.length) / this.averageLength);
        scores[index] = (scores[index] ?? 0) + (idf * (tf * (BM25_K1 + 1))) / (tf + norm);
      });
    }
    let maxScore = 0;
    for (const score of scores) maxScore = Math.max(maxScore, score);
    const fused = new Float64Array(this.sections.length);
    if (maxScore > 0) scores.forEach((score, index) => (fused[index] = score / maxScore));

    for (const [rank, index] of this.engineRanking(question).entries()) {
      fused[index] = (fused[index] ?? 0) + ENGINE_WEIGHT / (1 + rank);
    }

    const order = [...fused.keys()]
      .filter((index) => (fused[index] ?? 0) > 0)
      .sort((a, b) => (fused[b] ?? 0) - (fused[a] ?? 0))
      .slice(0, limit);
    return order.map((index) => {
      const section = this.sections[index] as Section;
      const all = (this.terms[index] as SectionTerms).all;
      let covered = 0;
      for (const {resolved} of terms) {
        if (resolved !== null && all.has(resolved)) covered += weightOf(resolved);
      }
      return {
        section,
        score: fused[index] ?? 0,
        coverage: totalWeight > 0 ? covered / totalWeight : 0,
      };
    });
  }

  /** The sections of the engine's hits, best first, each once. */
  private engineRanking(question: string): number[] {
    if (!this.engine) return [];
    const result = this.engine.search(engineRequest(question));
    const seen = new Set<number>();
    const order: number[] = [];
    for (const hit of result.hits) {
      if (typeof hit.url !== 'string') continue;
      const url = new URL(hit.url, 'http://handbook.invalid');
      const key = url.hash ? `${url.pathname}${url.hash}` : url.pathname;
      const index = this.byAnchor.get(key) ?? this.byAnchor.get(pathOf(hit.url));
      if (index === undefined || seen.has(index)) continue;
      seen.add(index);
      order.push(index);
    }
    return order;
  }
}

function engineRequest(question: string): SearchRequest {
  return {
    indexName: 'askai',
    query: question,
    hitsPerPage: ENGINE_HITS,
    page: 0,
    facetFilters: [],
    facets: [],
    attributesToRetrieve: ['url'],
    attributesToSnippet: [],
    attributesToHighlight: [],
    snippetEllipsisText: '…',
    highlightPreTag: '',
    highlightPostTag: '',
    clickAnalytics: false,
  };
}
