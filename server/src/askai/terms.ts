import {INDONESIAN_STOP_WORDS} from '@studio-handbook/search/analysis/stopWords';
import {stemmer} from 'stemmer';

/**
 * Terms as Ask AI compares a question with the handbook: lower-case words, possessives and
 * contraction fragments dropped, code identifiers split (`isAdmin` → `is`, `admin`), reduced to
 * their English stem (Porter, the `stemmer` package) so "hotfixes" meets "hotfix" and
 * "approvals" meets "approve".
 */

// Words that carry no subject in a developer's question ("how do I …", "what's our …").
const STOP = new Set(
  (
    'a about above after again all also am an and any are as at be been before being below between both but by can ' +
    'could did do does doing done down during each else ever every few for from further get gets got had has have having he ' +
    'her here hers him his how i if in into is it its itself just let like may me might mine more most much must my myself ' +
    'need needs no nor not now of off on once one only or other ought our ours out over own per please same shall she should ' +
    'so some such tell than that the their theirs them then there these they thing things this those through to too under ' +
    'until up upon us use used using very via want wants was way we were what whats when where whether which while who whom ' +
    'whose why will with within without would yes yet you your yours handbook studio ' +
    // Words that frame a question rather than name its subject ("how long", "the right way").
    'long many much often bad good best right proper properly correct correctly actually really exactly ' +
    'anyone someone somebody anybody everyone people guys know find supposed go going ' +
    // Permission and time frames ("is it OK to…", "I'm off sick today").
    'ok okay today tomorrow tonight yesterday ' +
    // What is left of a negative contraction once its "'t" is cut ("didn't" → "didn").
    'didn doesn isn aren wasn weren don won hasn haven hadn shouldn wouldn couldn mustn needn'
  )
    .split(' ')
    .concat([...INDONESIAN_STOP_WORDS]),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Splits `isAdmin`, `snake_case`, `kebab-case` and `HTTPServer` into their words. */
function splitIdentifier(word: string): string[] {
  return word
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/);
}

/** A word of a text; an identifier comes whole after its parts, with them. */
type Token = {readonly word: string; readonly parts: readonly string[]};

function tokensOf(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0].replace(/['’](s|t|re|ve|ll|d|m)$/i, '');
    const parts = splitIdentifier(raw);
    const lower = parts.filter(Boolean).map((part) => part.toLowerCase());
    for (const part of lower) out.push({word: part, parts: []});
    if (parts.length > 1) out.push({word: raw.toLowerCase(), parts: lower});
  }
  return out;
}

/** Every word of a text, lower-cased, possessive `'s` and contraction tails removed. */
export function wordsOf(text: string): string[] {
  return tokensOf(text).map(({word}) => word);
}

export function stem(word: string): string {
  return /^\d+$/.test(word) ? word : stemmer(word);
}

/** The stems of a text, repeats kept (for term frequency). */
export function stemsOf(text: string): string[] {
  return wordsOf(text).map(stem);
}

/**
 * The words that ask for a figure ("how far in advance", "how quickly", "the minimum") are
 * answered by the figure itself, not by a passage that repeats them: they are not the
 * question's subject. Whether a figure is there is the answer-type check's job.
 */
const ASKS_FOR_FIGURE =
  /\bhow (?:far(?: in advance| ahead)?|quickly|soon|fast|frequently|big|large|old|early|late)\b/gi;

export function withoutFigureAsk(question: string): string {
  return question.replace(ASKS_FOR_FIGURE, ' ');
}

/**
 * A meaningful word of a question: its stem, the word as the reader wrote it, and whether it is
 * a code identifier whose parts are words of the question too (`isAdmin`, `OpenID`).
 */
export type QuestionWord = {
  readonly term: string;
  readonly word: string;
  readonly compound: boolean;
  /** The stems of an identifier's parts; none for a plain word. */
  readonly parts: readonly string[];
};

/** The distinct meaningful words of a question, in order, each with its stem. */
export function questionWords(question: string): QuestionWord[] {
  const byTerm = new Map<string, QuestionWord>();
  for (const {word, parts} of tokensOf(withoutFigureAsk(question))) {
    if (STOP.has(word) || word.length < 2) continue;
    const term = stem(word);
    if (!byTerm.has(term))
      byTerm.set(term, {term, word, compound: parts.length > 0, parts: parts.map(stem)});
  }
  return [...byTerm.values()];
}

/** The distinct meaningful stems of a question, in order. */
export function questionTerms(question: string): string[] {
  return questionWords(question).map(({term}) => term);
}

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}
