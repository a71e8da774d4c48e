import {isDictionaryWord} from '../analysis/dictionary';
import {isIndonesianWord} from '../analysis/indonesian';
import {answersKind, type FactKind} from '../analysis/facts';
import {questionIntent} from '../analysis/questionIntent';
import {questionWords, type QueryWord} from '../analysis/queryWords';
import {bm25Idf, bm25Term} from '../engine/bm25';
import type {TermMatch} from '../engine/hits';
import {candidates, type Candidate} from '../engine/queryExpansion';
import {FIELD_COUNT, sectionOfUrl, type SectionIndex} from './sectionIndex';
import type {Section} from './types';

/**
 * Ranks the handbook's sections for a question, for Ask AI. The question is read by the one
 * analyzer (tokens, stop words of English and Indonesian, stems, synonyms, typos); each section
 * gets a vector of features, and its score is their weighted sum with the weights the caller
 * passes (Ask AI's are fitted as a choice among each judged question's sections: search/DESIGN.md), as
 * MiniSearch takes per-call `boost` and `weights`. Nothing is kept between calls.
 */

/** The features of a section for a question, in this order (see `sectionFeatures`). */
export const SECTION_FEATURES = [
  /** BM25 of the question's words in the page title. */
  'bm25Title',
  /** ...in the section's own headings (h2, h3). */
  'bm25Heading',
  /** ...in its text (sentences, list items, table rows). */
  'bm25Text',
  /** ...in its code blocks. */
  'bm25Code',
  /** ...in the page's description and keywords (the writers' words for it). */
  'bm25Meta',
  /** The rarity-weighted share of the question the section holds (headings included). */
  'coverage',
  /** ...that its page holds (any section, description and keywords). */
  'pageCoverage',
  /** ...that its headings below the page title hold. */
  'headingCoverage',
  /** ...that its best passage (a unit with its neighbours and the heading trail) holds. */
  'bestWindow',
  /**
   * ...that its best passage holds among the units that state the kind of fact the question asks
   * for (a duration for "how long", a person for "who"); 0 when it asks for none or none does.
   */
  'factWindow',
  /** 1 for the text before a page's first heading (its introduction). */
  'intro',
  /** 1 / (1 + rank) of the section's page in the search engine's ranking of the question. */
  'searchPage',
  /** 1 / (1 + rank) of a hit pointing at this section in that ranking. */
  'searchSection',
  /** 1 for a blog post (dated news about the handbook), 0 for a handbook page. */
  'blog',
  /** 1 when the section's page is one the conversation's previous answer quoted (a follow-up). */
  'conversationPage',
  /**
   * In a follow-up that leans on an earlier question: the rarity-weighted share of its own known
   * words (not the earlier question's) the section holds; 0 otherwise. The earlier words find the
   * subject, the reader's new ones which of its sections ("how many parts at once?").
   */
  'ownCoverage',
  /**
   * The rarity-weighted share of the question's words known only through their dictionary
   * translation (`TRANSLATED_WEIGHT`: they weigh nothing in the features above) that the
   * section holds; 0 when it has none. The fit weighs them here, beside the question's own
   * words, rather than a constant in every feature.
   */
  'translatedCoverage',
] as const;
export type SectionFeature = (typeof SECTION_FEATURES)[number];
export type SectionWeights = Readonly<Record<SectionFeature | 'bias', number>>;

/** A word of the question as the handbook knows it. */
export type QuestionTerm = {
  readonly text: string;
  /** Rarity: ln(1 + sections / (1 + sections any of its terms reach)); the most for unknown words. */
  readonly weight: number;
  /** Whether the handbook holds the word, as typed or through a stem, synonym or typo. */
  readonly known: boolean;
  /** Known only through a typo (the reader may mean another word). */
  readonly typoOnly: boolean;
  /** One of its terms is a name in the handbook (a tool, a product, a project). */
  readonly named: boolean;
  /**
   * For a word the handbook never uses: an ordinary word of English or Indonesian, a name, or a
   * figure (a token with a digit: "3pm", "p95", "2am", the question's circumstances rather than
   * its subject).
   */
  readonly unknown: 'word' | 'name' | 'figure' | null;
  /** A word of the earlier question a follow-up leans on (`context`), not of the question. */
  readonly context: boolean;
  /** Known only through its English translation (an Indonesian word: "memakai", employ). */
  readonly translated: boolean;
  /**
   * Its rarity as `weight` measures it, before the translation's and the context's shares: what
   * a word known only through its translation would weigh if it were typed in English.
   */
  readonly rarity: number;
};

export type AnalyzedQuestion = {
  readonly terms: readonly QuestionTerm[];
  /** The kind of fact asked for, and which term is the noun a count is of. */
  readonly intent: {readonly kind: FactKind | null; readonly countTerm: number | null};
};

export type RankedSection = {
  readonly section: Section;
  readonly score: number;
  readonly features: Readonly<Record<SectionFeature, number>>;
  /** Bit i: term i is held by the section (headings included). */
  readonly mask: number;
  /** Bit i: term i is in the section's heading trail (page title included). */
  readonly trailMask: number;
  /** Bit i: term i is held by the section's page. */
  readonly pageMask: number;
  /** Each unit's terms (bits) and fact kinds (`factsOf` bits), in order. */
  readonly units: readonly {readonly mask: number; readonly facts: number}[];
};

export type SectionRanking = {
  readonly question: AnalyzedQuestion;
  readonly sections: readonly RankedSection[];
};

export type RankSectionsOptions = {
  readonly weights: SectionWeights;
  /** Sections returned, best first. */
  readonly limit?: number;
  /** Every section that holds a word, unsorted past `limit` (for fitting weights). */
  readonly all?: boolean;
  /**
   * Words of the conversation so far that the question leans on (a follow-up without a
   * subject of its own): added as terms, each weighing `contextWeight` of its rarity.
   */
  readonly context?: string;
  readonly contextWeight?: number;
  /**
   * The pages (paths) the conversation's previous answer quoted: a follow-up is most often
   * about the same page (`conversationPage`), as MiniSearch's per-call `boostDocument`.
   */
  readonly conversationPages?: readonly string[];
};

/** The engine's ranking of the question over the search records (`searchPage`, `searchSection`). */
export type RecordHits = readonly {readonly url: string}[];

type WordTerms = {readonly word: QueryWord; readonly terms: readonly Candidate[]};

/**
 * What a word known only through its dictionary translation weighs: nothing. FreeDict's
 * translations of common verbs are noisy (memakai: employ, carry; berlaku: play, culprit; wajib:
 * liabilities), and a rare wrong translation became the question's rarest "subject". Such a word
 * is read (known) but neither ranks sections nor counts in the question's subject, like any word
 * the handbook does not use. Sweep, cross-validated on 48 sets (Indonesian right page and facts,
 * refusals): 1 → 60.6 / 76.6%; 0.5 → 61.0 / 76.2%; 0 → 63.7 / 70.0% (search/DESIGN.md). What
 * holding a translation is worth is fitted instead, apart from the question's own words: the
 * section feature `translatedCoverage` and the passage feature `translatedShare`.
 */
const TRANSLATED_WEIGHT = 0;

export function analyzeWords(
  index: SectionIndex,
  words: readonly QueryWord[],
  termMatches = new Map<string, TermMatch[]>(),
): WordTerms[] {
  const byTerms = new Set<string>();
  const out: WordTerms[] = [];
  words.forEach((word, queryIndex) => {
    const terms = candidates(index.lexicon, word, queryIndex, termMatches);
    // Two words that reach the same terms ("deploy", "deploys") are one word of the question.
    const key = terms
      .map(({termId}) => termId)
      .sort((a, b) => a - b)
      .join(',');
    if (terms.length > 0 && byTerms.has(key)) return;
    byTerms.add(key);
    out.push({word, terms});
  });
  return out;
}

function termOf(
  index: SectionIndex,
  {word, terms}: WordTerms,
  weightShare: number,
  context: boolean,
): QuestionTerm {
  const n = index.sections.length;
  const reached = new Set<number>();
  for (const {termId} of terms) for (const id of index.postings[termId]?.ids ?? []) reached.add(id);
  const known = terms.length > 0;
  const translated = known && terms.every((term) => term.translated === true);
  const rarity = Math.log(1 + n / (reached.size + 1));
  return {
    text: word.text,
    weight: weightShare * (translated ? TRANSLATED_WEIGHT : 1) * rarity,
    known,
    typoOnly: known && terms.every(({typos}) => typos > 0),
    named: terms.some(
      // A name is typed as itself, never reached through a dictionary (berlaku: play).
      ({termId, translated: viaTranslation}) =>
        viaTranslation !== true && index.named[termId] === 1,
    ),
    unknown: known
      ? null
      : /\d/.test(word.text)
        ? 'figure'
        : isDictionaryWord(word.text) || isIndonesianWord(word.text)
          ? 'word'
          : 'name',
    context,
    translated,
    rarity,
  };
}

/**
 * The rarity-weighted share of the question's words known only through a dictionary translation
 * that a set of words (bits) holds; 0 when it has none (`translatedCoverage`, and Ask AI's
 * passage and answerability features).
 */
export function translatedShare(terms: readonly QuestionTerm[], mask: number): number {
  let total = 0;
  let held = 0;
  terms.forEach((term, i) => {
    if (!term.translated) return;
    total += term.rarity;
    if (mask & (1 << i)) held += term.rarity;
  });
  return total > 0 ? held / total : 0;
}

export function rankSections(
  index: SectionIndex,
  question: string,
  options: RankSectionsOptions,
  recordHits: RecordHits,
): SectionRanking {
  const ownIntent = questionIntent(question);
  const contextIntent = options.context === undefined ? null : questionIntent(options.context);
  // A follow-up that does not ask for a kind of fact asks for the one its context asked for
  // ("how long are prod logs kept?", then "and staging?").
  const intent =
    ownIntent.kind === null && contextIntent !== null
      ? {...ownIntent, kind: contextIntent.kind, countNoun: contextIntent.countNoun}
      : ownIntent;
  const own = analyzeWords(index, questionWords(intent.subjectText));
  const ownTexts = new Set(own.map(({word}) => word.text));
  const context =
    options.context === undefined
      ? []
      : analyzeWords(index, questionWords(contextIntent?.subjectText ?? '')).filter(
          ({word}) => !ownTexts.has(word.text),
        );
  const all = [...own, ...context].slice(0, 31);
  const terms = all.map((wordTerms, i) =>
    termOf(index, wordTerms, i < own.length ? 1 : (options.contextWeight ?? 1), i >= own.length),
  );
  const countNoun = intent.countNoun;
  const countTerm = countNoun === null ? -1 : all.findIndex(({word}) => word.text === countNoun);
  const analyzed: AnalyzedQuestion = {
    terms,
    intent: {kind: intent.kind, countTerm: countTerm < 0 ? null : countTerm},
  };

  const n = index.sections.length;
  // The question's subject is what it shares with the handbook, and the names it does not: an
  // ordinary word of either language the handbook never uses ("hurry", "gimana") and a figure
  // ("3pm") are neutral, in no share's total.
  const counts = (term: QuestionTerm) => term.known || term.unknown === 'name';
  const total = terms.reduce((sum, term) => sum + (counts(term) ? term.weight : 0), 0);
  // Per section: BM25 per field, the words held (a bit each), the page's words.
  const bm25 = new Float64Array(n * FIELD_COUNT);
  const masks = new Uint32Array(n);
  const metaMasks = new Uint32Array(n);
  const touched: number[] = [];
  const seen = new Uint8Array(n);
  all.forEach(({terms: candidatesOfWord}, i) => {
    const term = terms[i] as QuestionTerm;
    if (!term.known) return;
    const bit = 1 << i;
    const reach = new Set<number>();
    for (const {termId} of candidatesOfWord)
      for (const id of index.postings[termId]?.ids ?? []) reach.add(id);
    const idf =
      bm25Idf(n, reach.size) *
      (i < own.length ? 1 : (options.contextWeight ?? 1)) *
      (term.translated ? TRANSLATED_WEIGHT : 1);
    // A word's alternatives do not add up: per section and field, the most frequent one counts.
    const best = new Map<number, Uint8Array>();
    for (const {termId} of candidatesOfWord) {
      const list = index.postings[termId];
      if (!list) continue;
      for (let k = 0; k < list.ids.length; k += 1) {
        const id = list.ids[k] as number;
        let tf = best.get(id);
        if (!tf) best.set(id, (tf = new Uint8Array(FIELD_COUNT)));
        for (let field = 0; field < FIELD_COUNT; field += 1)
          tf[field] = Math.max(tf[field] ?? 0, list.tf[k * FIELD_COUNT + field] ?? 0);
      }
    }
    for (const [id, tf] of best) {
      if (seen[id] === 0) {
        seen[id] = 1;
        touched.push(id);
      }
      for (let field = 0; field < FIELD_COUNT; field += 1) {
        const f = tf[field] ?? 0;
        if (f === 0) continue;
        const at = id * FIELD_COUNT + field;
        bm25[at] = (bm25[at] ?? 0) + bm25Term(idf, f, index.norms[at] ?? 1);
        if (field === 4) metaMasks[id] = (metaMasks[id] ?? 0) | bit;
        else masks[id] = (masks[id] ?? 0) | bit;
      }
    }
  });

  const pageMasks = new Uint32Array(index.pageCount);
  for (const id of touched) {
    const page = index.pageIds[id] as number;
    pageMasks[page] = (pageMasks[page] ?? 0) | (masks[id] ?? 0) | (metaMasks[id] ?? 0);
  }
  const leaning = terms.some((term) => term.context && term.known);
  const ownWord = (term: QuestionTerm) => leaning && term.known && !term.context;
  const ownTotal = terms.reduce((sum, term) => sum + (ownWord(term) ? term.weight : 0), 0);
  const ownShare = (mask: number) => {
    if (ownTotal <= 0) return 0;
    let held = 0;
    terms.forEach((term, i) => {
      if (ownWord(term) && mask & (1 << i)) held += term.weight;
    });
    return held / ownTotal;
  };
  const share = (mask: number) => {
    if (total <= 0) return 0;
    let held = 0;
    for (let i = 0; i < terms.length; i += 1)
      if (mask & (1 << i)) held += (terms[i] as QuestionTerm).weight;
    return held / total;
  };
  const termBits = new Map<number, number>(); // term id → the question's bits it stands for
  all.forEach(({terms: candidatesOfWord}, i) => {
    for (const {termId} of candidatesOfWord)
      termBits.set(termId, (termBits.get(termId) ?? 0) | (1 << i));
  });
  const maskOf = (sortedTerms: Int32Array) => {
    let mask = 0;
    for (const termId of sortedTerms) mask |= termBits.get(termId) ?? 0;
    return mask;
  };

  const pageRank = new Map<string, number>();
  const sectionRank = new Map<number, number>();
  recordHits.forEach((hit, rank) => {
    const page = new URL(hit.url, 'http://handbook.invalid').pathname;
    if (!pageRank.has(page)) pageRank.set(page, rank);
    const section = sectionOfUrl(index, hit.url);
    if (section !== undefined && !sectionRank.has(section)) sectionRank.set(section, rank);
  });

  const {weights} = options;
  const kind = analyzed.intent.kind;
  const countBit = countTerm < 0 ? 0 : 1 << countTerm;
  const conversationPages = new Set(options.conversationPages ?? []);
  const scored = touched.map((id) => {
    const section = index.sections[id] as Section;
    const mask = masks[id] ?? 0;
    const trailMask = maskOf(index.trailTerms[id] ?? new Int32Array());
    const headingMask = maskOf(index.headingTerms[id] ?? new Int32Array());
    const units: {mask: number; facts: number}[] = [];
    for (let u = index.unitStart[id] ?? 0; u < (index.unitStart[id + 1] ?? 0); u += 1)
      units.push({
        mask: maskOf(index.unitTerms[u] ?? new Int32Array()),
        facts: index.unitFacts[u] ?? 0,
      });
    let bestWindow = 0;
    let factWindow = 0;
    units.forEach((unit, u) => {
      const window = trailMask | (units[u - 1]?.mask ?? 0) | unit.mask | (units[u + 1]?.mask ?? 0);
      const held = share(window);
      bestWindow = Math.max(bestWindow, held);
      if (
        kind !== null &&
        answersKind(unit.facts, kind) &&
        (countBit === 0 || (window & countBit) !== 0)
      )
        factWindow = Math.max(factWindow, held);
    });
    const page = section.page;
    const searchPage = pageRank.get(page);
    const searchSection = sectionRank.get(id);
    const at = id * FIELD_COUNT;
    const features: Record<SectionFeature, number> = {
      bm25Title: bm25[at] ?? 0,
      bm25Heading: bm25[at + 1] ?? 0,
      bm25Text: bm25[at + 2] ?? 0,
      bm25Code: bm25[at + 3] ?? 0,
      bm25Meta: bm25[at + 4] ?? 0,
      coverage: share(mask),
      pageCoverage: share(pageMasks[index.pageIds[id] as number] ?? 0),
      headingCoverage: share(headingMask),
      bestWindow,
      factWindow,
      intro: section.trail.length <= 1 ? 1 : 0,
      searchPage: searchPage === undefined ? 0 : 1 / (1 + searchPage),
      searchSection: searchSection === undefined ? 0 : 1 / (1 + searchSection),
      blog: section.kind === 'blog' ? 1 : 0,
      conversationPage: conversationPages.has(page) ? 1 : 0,
      ownCoverage: ownShare(mask),
      translatedCoverage: translatedShare(terms, mask),
    };
    let score = weights.bias;
    for (const name of SECTION_FEATURES) score += weights[name] * features[name];
    return {
      section,
      score,
      features,
      mask,
      trailMask,
      pageMask: pageMasks[index.pageIds[id] as number] ?? 0,
      units,
    };
  });
  scored.sort((a, b) => b.score - a.score);
  return {
    question: analyzed,
    sections: options.all ? scored : scored.slice(0, options.limit ?? 5),
  };
}
