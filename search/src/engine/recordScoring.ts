import {PAGE_KIND, type Corpus} from './corpus';
import {MAX_WORD_SLOTS, type QueryRun} from './queryRun';

/**
 * How a record's criteria fold into one number, so that ordering is a numeric compare. Every
 * constant here is listed, with the measurement behind it, in search/DESIGN.md ("Constants").
 *
 * A keyword query (one or two words): words weighed (4 bits) · page kind (2: handbook page,
 * blog post, category index) · 31-typos (5) · 1023-attribute (10: 8 × the attribute sum + the
 * head word's) · exact (4) · level (3) · relevance (14) · 1023-position (10) = 52 bits, exact in
 * a double. A question (three or more words once stop words are dropped): real page (1) · text
 * score (22) · 31-typos (5) · level (3) · 4095-position (12).
 */

/** From this many words (stop words dropped) a query is a question. */
export const QUESTION_WORDS = 3;
/** Steps in which the share of a keyword query's weight a record matched counts. */
const WORD_LEVELS = 8;
/** A question's score adds this many times the rarity weight of the words the record holds... */
const RECORD_WORDS = 2;
/** ...and this share of the weight of its words found only elsewhere on the record's page... */
const PAGE_CONTEXT = 0.75;
/** ...plus this many times the page's topic weight (`pageTopic`)... */
const PAGE_TOPIC = 1;
/**
 * ...plus this many times ln(1 + the record's length in words), in units of the question's mean
 * word weight so that it scales with the rest of the score (a length prior, see `Corpus`).
 */
const RECORD_LENGTH = 0.8;
/** A blog post's share of its score for a keyword query of three or more words. */
const KEYWORD_BLOG_FACTOR = 0.75;

/** The weight of the query words the record's page holds and the record itself does not. */
function pageContext(corpus: Corpus, run: QueryRun, id: number): number {
  const {scratch} = run;
  const elsewhere =
    (scratch.pageMask[corpus.pageIds[id] as number] as number) & ~(scratch.wordsMask[id] as number);
  let weight = 0;
  for (let i = 0; i < run.queryLength; i += 1)
    if (elsewhere & (1 << i)) weight += run.wordWeights[i] as number;
  return weight;
}

function meanWeight(run: QueryRun): number {
  return run.queryLength > 0 ? run.totalWeight / run.queryLength : 0;
}

/**
 * How much the record's page is about the question: each word's rarity weight times
 * ln(1 + the number of the page's records that hold it). The page context above says whether
 * the page holds a word at all; this says whether the page keeps coming back to it, so the
 * mobile road map, which names Flutter in a dozen sections, wins "what should a new flutter
 * dev learn first" over the frontend road map's one section on learning in the first months.
 */
function pageTopic(corpus: Corpus, run: QueryRun, id: number): number {
  const {scratch} = run;
  const page = corpus.pageIds[id] as number;
  if (scratch.pageTopicStamp[page] !== scratch.generation) {
    scratch.pageTopicStamp[page] = scratch.generation;
    let weight = 0;
    for (let i = 0; i < run.queryLength; i += 1) {
      const count = scratch.pageWordRecords[page * MAX_WORD_SLOTS + i] as number;
      if (count > 0) weight += (run.wordWeights[i] as number) * Math.log(1 + count);
    }
    scratch.pageTopicWeight[page] = weight;
  }
  return scratch.pageTopicWeight[page] as number;
}

/**
 * A question's key: real page · text score · typos · level · position. The words matched are
 * part of the score, not a criterion above it: a step of "words matched" let a record holding
 * one more common word beat the page about the question (search/DESIGN.md).
 */
function questionKeyOf(corpus: Corpus, run: QueryRun, id: number): number {
  const {scratch} = run;
  // A keyword query (no stop word, no question mark: `sonarqube qualty gate`) is a reader
  // looking for the reference page, so a blog post that repeats the topic in its long title
  // counts three quarters; a post whose title holds the query still ranks first. Not a
  // criterion above the score: a page lacking one keyword must not fall below every record
  // that holds it (`pusaka staging api hostname`).
  const blog = run.keywordLike && corpus.pageKind[id] === PAGE_KIND.blog ? KEYWORD_BLOG_FACTOR : 1;
  const score =
    blog *
    ((scratch.relevance[id] ?? 0) +
      RECORD_WORDS * (scratch.matchedWeight[id] ?? 0) +
      PAGE_CONTEXT * pageContext(corpus, run, id) +
      PAGE_TOPIC * pageTopic(corpus, run, id) +
      RECORD_LENGTH * meanWeight(run) * (corpus.lengthWeight[id] ?? 0));
  return (
    (corpus.realPage[id] ?? 1) * 2 ** 48 +
    Math.min(2 ** 22 - 1, Math.round(score * 1024)) * 2 ** 26 +
    (31 - Math.min(31, scratch.typoSum[id] ?? 0)) * 2 ** 21 +
    (corpus.levels[id] ?? 0) * 2 ** 12 +
    (4095 - (corpus.positions[id] ?? 0))
  );
}

/** A record's ranking key for the current query: higher ranks first. */
export function keyOf(corpus: Corpus, run: QueryRun, id: number): number {
  if (run.queryLength >= QUESTION_WORDS) return questionKeyOf(corpus, run, id);
  const {scratch} = run;
  // The share of the query's weight a record matched, in WORD_LEVELS steps: fine enough that
  // a rare word outweighs several common ones, coarse enough that near ties go on to the
  // attribute and relevance criteria.
  const share = run.totalWeight > 0 ? (scratch.matchedWeight[id] ?? 0) / run.totalWeight : 0;
  const words = Math.round(WORD_LEVELS * share);
  const relevance = Math.min(16383, Math.round((scratch.relevance[id] ?? 0) * 128));
  return (
    words * 2 ** 48 +
    (corpus.pageKind[id] ?? PAGE_KIND.doc) * 2 ** 46 +
    (31 - Math.min(31, scratch.typoSum[id] ?? 0)) * 2 ** 41 +
    (1023 - Math.min(1023, scratch.attributeSum[id] ?? 0)) * 2 ** 31 +
    Math.min(15, scratch.exactCount[id] ?? 0) * 2 ** 27 +
    (corpus.levels[id] ?? 0) * 2 ** 24 +
    relevance * 2 ** 10 +
    (1023 - Math.min(1023, corpus.positions[id] ?? 0))
  );
}
