import {isStopWordAsTyped} from './stopWords';
import {words} from './tokens';
import {maxTyposFor} from './typos';

export type QueryWord = {
  readonly text: string;
  readonly maxTypos: number;
  readonly prefix: boolean;
  /** Which whitespace-separated token of the query the word came from ("next.js": next, js). */
  readonly token: number;
  /**
   * The word and the word typed after it, stop words included, to join ("backed up" may be a
   * backup, "roll back" a rollback), as Algolia concatenates words.
   */
  readonly pairs?: readonly (readonly [string, string])[];
};

/** Each word of a text with the chunk it came from and whether it is a stop word as typed. */
function typedWords(text: string): {text: string; token: number; stop: boolean}[] {
  return text
    .split(/\s+/)
    .filter((chunk) => chunk !== '')
    .flatMap((chunk, token) =>
      words(chunk).map((word) => ({
        text: word,
        token,
        stop: isStopWordAsTyped(word, chunk, token === 0),
      })),
    );
}

/** The words of a query that count, after its stop words are dropped (Algolia also caps them). */
export const MAX_QUERY_WORDS = 12;

/** The words of a query; the last one is a prefix (the user is still typing it). */
export function queryWords(query: string): QueryWord[] {
  const typed = typedWords(query);
  const all = typed.map(({text}) => text);
  const stop = typed.map(({stop}) => stop);
  const keep = stop.includes(false) ? (index: number) => !stop[index] : () => true;
  const result: QueryWord[] = [];
  all.forEach((text, index) => {
    if (!keep(index)) return;
    const after = all[index + 1];
    const pairs = after === undefined ? [] : [[text, after] as const];
    const token = typed[index]?.token ?? index;
    if (result.length < MAX_QUERY_WORDS)
      result.push({text, maxTypos: maxTyposFor(text), prefix: false, pairs, token});
  });
  const last = result[result.length - 1];
  if (last && last.text === all[all.length - 1])
    result[result.length - 1] = {...last, prefix: true};
  return result;
}

/** The most words of a question that count (Ask AI's questions are capped at 500 characters). */
export const MAX_QUESTION_WORDS = 24;

/**
 * A question's words as Ask AI's section ranking reads them: the same tokenizer and stop words
 * as a query, each distinct word once, none a prefix (the question is complete), each with the
 * word typed after it to join (`backed up`).
 */
export function questionWords(question: string): QueryWord[] {
  const typed = typedWords(question);
  const all = typed.map(({text}) => text);
  const seen = new Set<string>();
  const result: QueryWord[] = [];
  all.forEach((text, index) => {
    if (typed[index]?.stop || seen.has(text) || result.length >= MAX_QUESTION_WORDS) return;
    seen.add(text);
    const after = all[index + 1];
    result.push({
      text,
      maxTypos: maxTyposFor(text),
      prefix: false,
      pairs: after === undefined ? [] : [[text, after] as const],
      token: typed[index]?.token ?? index,
    });
  });
  return result;
}
