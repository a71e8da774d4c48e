import type {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRequest} from '@studio-handbook/search/types';
import {pathOf} from './handbookSections';
import {boundedDistance, transpositions} from '@studio-handbook/search/analysis/typos';
import {questionWords, stemsOf, wordsOf, stem, type QuestionWord} from './terms';
import type {EvidenceTerm} from './passageEvidence';
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
const ENGINE_WEIGHT = 0.7;
/** A blog section's score is discounted this much against doc sections. */
const BLOG_FACTOR = 0.75;
/** How much a section's coverage of the question scales its fused score (0: not at all). */
const COVERAGE_WEIGHT = 0.5;

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

/** A stem → the stems that may stand for it (from the writers' synonyms file). */
export type StemSynonyms = ReadonlyMap<string, readonly string[]>;

/** A synonym found in a section counts a little less than the reader's own word. */
const SYNONYM_FACTOR = 0.8;
/** A word matched only through a one-letter difference counts this much. */
const TYPO_FACTOR = 0.5;
/**
 * A page that answers a question usually matches it in several sections (its rule, its
 * example, its troubleshooting): each of the best sections gains this share of the scores of
 * the other best sections of its page, so a page that holds the subject beats a lone section
 * elsewhere that happens to share the question's words.
 */
const PAGE_SUPPORT = 0.15;
/** The best sections that lend each other their page's support. */
const PAGE_SUPPORT_SECTIONS = 10;

/** Adds to each of the best sections a share of its page's other best sections' scores. */
function supportByPage(fused: Float64Array, sections: readonly Section[]): void {
  const best = [...fused.keys()]
    .filter((index) => (fused[index] ?? 0) > 0)
    .sort((a, b) => (fused[b] ?? 0) - (fused[a] ?? 0))
    .slice(0, PAGE_SUPPORT_SECTIONS);
  const byPage = new Map<string, number>();
  for (const index of best) {
    const page = (sections[index] as Section).page;
    byPage.set(page, (byPage.get(page) ?? 0) + (fused[index] ?? 0));
  }
  const before = Float64Array.from(fused);
  for (const index of best) {
    const own = before[index] ?? 0;
    const others = (byPage.get((sections[index] as Section).page) ?? 0) - own;
    fused[index] = own + PAGE_SUPPORT * others;
  }
}

/** Word lookups remembered between questions. */
const RESOLVED_CACHE = 2_000;

/** The prefix of a negated word ("unreleased"), which resolves to the word it negates. */
const NEGATION = 'un';
/** How much more than the rarest known word a word the handbook never uses weighs. */
const UNKNOWN_WORD_FACTOR = 2;

export class SectionRetriever {
  private readonly sections: readonly Section[];
  private readonly terms: readonly SectionTerms[];
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  private readonly averageLength: number;
  /** `/docs/page#anchor` (and `/docs/page` for a page's opening) → section index. */
  private readonly byAnchor = new Map<string, number>();
  /** Each page's sections, in page order. */
  private readonly byPage = new Map<string, number[]>();
  private readonly vocabulary: readonly string[];
  /** Every word the handbook writes, as written (lower-case), with its stem. */
  private readonly surface = new Map<string, string>();

  constructor(
    sections: readonly Section[],
    private readonly engine: SearchEngine | null,
    private readonly synonyms: StemSynonyms = new Map(),
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
      for (const text of [section.heading, ...section.blocks.map((block) => block.text)])
        for (const word of wordsOf(text))
          if (!this.surface.has(word) && word.length >= 4) this.surface.set(word, stem(word));
      const all = new Set(weighted.keys());
      for (const term of all) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      let length = 0;
      for (const value of weighted.values()) length += value;
      for (const anchor of section.anchors) this.byAnchor.set(`${section.page}#${anchor}`, index);
      if (!this.byAnchor.has(section.page)) this.byAnchor.set(section.page, index);
      const ofPage = this.byPage.get(section.page);
      if (ofPage) ofPage.push(index);
      else this.byPage.set(section.page, [index]);
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
  /**
   * The question's words as they weigh. An identifier found whole, or one typo away
   * ("SaemSite": SameSite), stands for its parts: a part the handbook never writes ("saem") is
   * then not an unknown word of the question.
   */
  private wordsOfQuestion(question: string): QuestionWord[] {
    const words = questionWords(question);
    const standing = new Set<string>();
    for (const word of words)
      if (word.compound && this.resolve(word) !== null)
        for (const part of word.parts) standing.add(part);
    return words.filter((word) => !standing.has(word.term) || this.resolve(word) !== null);
  }

  /** Recent lookups (a question resolves each word several times); cleared when full. */
  private readonly resolved = new Map<string, string | null>();

  private resolve(word: QuestionWord): string | null {
    const key = `${word.compound ? '+' : ''}${word.term} ${word.word}`;
    const known = this.resolved.get(key);
    if (known !== undefined) return known;
    const found = this.lookUp(word);
    if (this.resolved.size >= RESOLVED_CACHE) this.resolved.clear();
    this.resolved.set(key, found);
    return found;
  }

  private lookUp({term, word, compound}: QuestionWord): string | null {
    if (this.idf.has(term)) return term;
    // A negation the handbook never writes ("unreleased", "unfinished") is its word's opposite:
    // the question is about the same thing.
    if (term.startsWith(NEGATION) && this.idf.has(term.slice(NEGATION.length)))
      return term.slice(NEGATION.length);
    if (term.length < 5 && word.length < 5) return null;
    // One typo, a swap of adjacent letters included (Damerau), as search counts it: first on
    // the word as written ("productoin" is one swap from "production", while its stem
    // "productoin" is three letters from "product"), then on its stem.
    // An identifier (`OpenID`) is not matched as written: its parts are words of the question
    // already, and the whole is one typo from unrelated words ("opened").
    const asWritten = compound
      ? null
      : this.nearest(word, this.surface.keys(), (candidate) => this.surface.get(candidate));
    return asWritten ?? this.nearest(term, this.vocabulary, (candidate) => candidate);
  }

  /** The most common stem among the candidates one typo from `word`; null when none is. */
  private nearest(
    word: string,
    candidates: Iterable<string>,
    stemOf: (candidate: string) => string | undefined,
  ): string | null {
    if (word.length < 5) return null;
    let best: string | null = null;
    let bestIdf = Infinity;
    const swapped = new Set(transpositions(word));
    for (const candidate of candidates) {
      if (Math.abs(candidate.length - word.length) > 1) continue;
      if (!swapped.has(candidate) && boundedDistance(word, candidate, 1) > 1) continue;
      const stemmed = stemOf(candidate);
      if (stemmed === undefined) continue;
      // Prefer the most common neighbour (lowest idf): the likeliest intended word.
      const idf = this.idf.get(stemmed) ?? Infinity;
      if (idf < bestIdf) {
        best = stemmed;
        bestIdf = idf;
      }
    }
    return best;
  }

  /** The question's meaningful stems with their rarity (idf); unknown words weigh most. */
  weigh(question: string): WeightedTerm[] {
    const weighted: WeightedTerm[] = [];
    for (const word of this.wordsOfQuestion(question)) {
      const {term} = word;
      const alternatives = this.alternatives(word);
      if (alternatives.length === 0) weighted.push({term, weight: this.maxIdf});
      for (const entry of alternatives)
        weighted.push({term: entry.term, weight: entry.factor * (this.idf.get(entry.term) ?? 0)});
    }
    return weighted;
  }

  /**
   * The question's words as the answerability check weighs them: by their own rarity (a common
   * word such as "leave" does not weigh like its rare synonym "cuti"); a word the handbook never
   * uses as an unknown word; a word matched only one letter away by its neighbour's rarity, a
   * match counting at most half (a typo of the right word, or another word: "dress", "press").
   */
  evidenceTerms(question: string): EvidenceTerm[] {
    return this.wordsOfQuestion(question).map((word) => {
      const {term} = word;
      const alternatives = this.alternatives(word);
      const own = this.idf.get(term);
      if (own !== undefined) return {term, weight: own, alternatives};
      if (alternatives.length === 0) return {term, weight: this.unknownWeight(term), alternatives};
      const weight = Math.max(...alternatives.map((entry) => this.idf.get(entry.term) ?? 0));
      if (this.resolve(word) === null) return {term, weight, alternatives};
      const halved = alternatives.map((entry) => ({
        term: entry.term,
        factor: Math.min(entry.factor, TYPO_FACTOR),
      }));
      return {term, weight, alternatives: halved};
    });
  }

  /**
   * The weight of a question word the handbook never uses. Such a word usually is what the
   * question is about (Storybook, Kafka, a salary), so it weighs most; but a time or a figure
   * the handbook does not hold ("3pm", "2am", "500mb") is the question's circumstance, not its
   * subject, and does not count.
   */
  private unknownWeight(term: string): number {
    if (/\d/.test(term)) return 0;
    return this.maxIdf * UNKNOWN_WORD_FACTOR;
  }

  /** A question term and what may stand for it in the handbook, each with its factor. */
  private alternatives(word: QuestionWord): {term: string; factor: number}[] {
    const {term} = word;
    const resolved = this.resolve(word);
    const out: {term: string; factor: number}[] = [];
    // A word found only one typo away may be a typo, or a word the handbook does not use
    // ("dress" is one letter from "press"): it counts, but less.
    if (resolved !== null) out.push({term: resolved, factor: resolved === term ? 1 : TYPO_FACTOR});
    for (const synonym of this.synonyms.get(resolved ?? term) ?? this.synonyms.get(term) ?? []) {
      if (this.idf.has(synonym) && !out.some((entry) => entry.term === synonym))
        out.push({term: synonym, factor: SYNONYM_FACTOR});
    }
    return out;
  }

  retrieve(question: string, options: RetrieverOptions = {}): RetrievedSection[] {
    const limit = options.limit ?? 5;
    const terms = this.wordsOfQuestion(question).map((word) => {
      const {term} = word;
      const alternatives = this.alternatives(word);
      // A word the handbook never uses weighs most: it usually is what the question is about
      // (Storybook, Kafka, a salary), and the handbook cannot answer it.
      const weight =
        alternatives.length === 0
          ? this.unknownWeight(term)
          : Math.max(...alternatives.map((entry) => this.idf.get(entry.term) ?? 0));
      return {alternatives, weight};
    });
    const totalWeight = terms.reduce((sum, {weight}) => sum + weight, 0);

    const scores = new Float64Array(this.sections.length);
    const covered = new Float64Array(this.sections.length);
    this.terms.forEach((section, index) => {
      const norm = BM25_K1 * (1 - BM25_B + (BM25_B * section.length) / this.averageLength);
      for (const {alternatives, weight} of terms) {
        let best = 0;
        let coverage = 0;
        for (const {term, factor} of alternatives) {
          const tf = section.weighted.get(term);
          if (!tf) continue;
          const idf = this.idf.get(term) ?? 0;
          best = Math.max(best, factor * ((idf * (tf * (BM25_K1 + 1))) / (tf + norm)));
          coverage = Math.max(coverage, factor * weight);
        }
        scores[index] = (scores[index] ?? 0) + best;
        covered[index] = (covered[index] ?? 0) + coverage;
      }
    });
    let maxScore = 0;
    for (const score of scores) maxScore = Math.max(maxScore, score);
    const fused = new Float64Array(this.sections.length);
    if (maxScore > 0) scores.forEach((score, index) => (fused[index] = score / maxScore));

    // The engine's hits on sections first; then each hit on a page's title goes to the page's
    // section that both rankings rate best so far.
    const hits = this.engineHits(question);
    const lift = (index: number, rank: number) => {
      fused[index] = (fused[index] ?? 0) + ENGINE_WEIGHT / (1 + rank);
    };
    hits.forEach(({index, title}, rank) => {
      if (!title) lift(index, rank);
    });
    hits.forEach(({index, title}, rank) => {
      if (title) lift(this.bestOfPage(index, fused), rank);
    });

    // The docs are the reference; a blog post is dated news about it, so a doc section wins a
    // near tie. A question is answered by a section that holds all of it, so the share of the
    // question a section covers weighs on its rank too.
    const coverageWeight = COVERAGE_WEIGHT;
    this.sections.forEach((section, index) => {
      const share = totalWeight > 0 ? (covered[index] ?? 0) / totalWeight : 0;
      let value = (fused[index] ?? 0) * (1 - coverageWeight + coverageWeight * share);
      if (section.page.startsWith('/blog/')) value *= BLOG_FACTOR;
      fused[index] = value;
    });

    supportByPage(fused, this.sections);
    const order = [...fused.keys()]
      .filter((index) => (fused[index] ?? 0) > 0)
      .sort((a, b) => (fused[b] ?? 0) - (fused[a] ?? 0))
      .slice(0, limit);
    return order.map((index) => ({
      section: this.sections[index] as Section,
      score: fused[index] ?? 0,
      coverage: totalWeight > 0 ? (covered[index] ?? 0) / totalWeight : 0,
    }));
  }

  /**
   * The sections of the engine's hits, best first, each once. A hit on a page's title record
   * (its title, description or keywords matched) names the page, not its opening section, and
   * is marked `title`.
   */
  private engineHits(question: string): {index: number; title: boolean}[] {
    if (!this.engine) return [];
    const result = this.engine.search(engineRequest(question));
    const seen = new Set<number>(); // a section's index, or its bitwise NOT for a title hit
    const order: {index: number; title: boolean}[] = [];
    for (const hit of result.hits) {
      if (typeof hit.url !== 'string') continue;
      const url = new URL(hit.url, 'http://handbook.invalid');
      const key = url.hash ? `${url.pathname}${url.hash}` : url.pathname;
      const index = this.byAnchor.get(key) ?? this.byAnchor.get(pathOf(hit.url));
      const title = hit.type === 'lvl1';
      if (index === undefined || seen.has(title ? ~index : index)) continue;
      seen.add(title ? ~index : index);
      order.push({index, title});
    }
    return order;
  }

  /** The section of `first`'s page that `scores` rates best (`first` when none scores). */
  private bestOfPage(first: number, scores: Float64Array): number {
    let best = first;
    for (const index of this.byPage.get(this.sections[first]?.page ?? '') ?? [])
      if ((scores[index] ?? 0) > (scores[best] ?? 0)) best = index;
    return best;
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
    attributesToRetrieve: ['url', 'type'],
    attributesToSnippet: [],
    attributesToHighlight: [],
    snippetEllipsisText: '…',
    highlightPreTag: '',
    highlightPostTag: '',
    clickAnalytics: false,
  };
}
