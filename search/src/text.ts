/** Words as the engine and the highlighter see them: lower-case runs of letters and digits. */
export const WORD = /[\p{L}\p{N}]+/gu;

// English possessives and contractions: "project's" is the word project, not project + s (an
// "s" that would then match every "studio's"), and "aren't" is one word, not aren + t.
const POSSESSIVE = /(?<=[\p{L}\p{N}])['’]s(?![\p{L}\p{N}])/gu;
const CONTRACTION = /(?<=\p{L})['’](?=\p{L})/gu;

/** Folds possessives away and contractions into one word, before splitting into words. */
export function foldApostrophes(text: string): string {
  if (!text.includes("'") && !text.includes('’')) return text;
  return text.replace(POSSESSIVE, '').replace(CONTRACTION, '');
}

export function words(text: string): string[] {
  return (foldApostrophes(text).toLowerCase().match(WORD) ?? []) as string[];
}

// A camelCase or PascalCase identifier: a lower-case letter or digit followed by a capital, or a
// capital run followed by a capitalised word (HTTPServer → HTTP Server).
const HAS_IDENTIFIER = /[\p{Ll}\p{N}]\p{Lu}|\p{Lu}\p{Lu}\p{Ll}/u;
const IDENTIFIER_BREAK = /(?<=[\p{Ll}\p{N}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * The parts of the code identifiers in a text, as extra index terms: `isAdmin` is also `is` and
 * `admin`. snake_case and kebab-case already split into words at `_` and `-`; the identifier
 * itself stays a term too, so typing it whole still finds it.
 */
export function identifierParts(text: string): string[] {
  const parts: string[] = [];
  // Most text holds no identifier; this test is far cheaper than splitting every token.
  if (!HAS_IDENTIFIER.test(text)) return parts;
  for (const token of foldApostrophes(text).match(WORD) ?? []) {
    const split = token.split(IDENTIFIER_BREAK);
    if (split.length > 1) for (const part of split) parts.push(part.toLowerCase());
  }
  return parts;
}

// English stop words are optional in a query, as with Algolia's removeStopWords (its English
// list: pronouns, auxiliaries, determiners, prepositions, negations), folded the way the
// tokenizer folds contractions ("don't" is dont): "how do I deploy" is a question about
// deploying, and "who should I ask before I merge" one about merging.
const STOP_WORDS = new Set(
  `a about above after again against all am an and any are arent as at be because been before
  being below between both but by can cannot cant could couldnt did didnt do does doesnt doing dont
  down during each few for from further had hadnt has hasnt have havent having he her here hers
  herself him himself his how hows i if im in into is isnt it its itself ive lets me more most
  mustnt my myself no nor not of off on once only or other ought our ours ourselves out over own
  same shant she should shouldnt so some such than that thats the their theirs them themselves
  then there theres these they theyd theyll theyre theyve this those through to too under until
  up very was wasnt we were werent weve what whats when whens where wheres which while
  who whom whos why whys will with wont would wouldnt you youd youll your youre yours yourself
  yourselves youve`.split(/\s+/),
);
// Beyond Algolia's list, the fillers of a developer's question ("do I actually need to", "am I
// supposed to", "I want to"): they say how the reader asks, not what about (measured on the
// dev sets, search/DESIGN.md).
for (const filler of ['want', 'need', 'needs', 'actually', 'really', 'supposed', 'please'])
  STOP_WORDS.add(filler);
/**
 * Indonesian function words, as Algolia's removeStopWords does for each of `queryLanguages`
 * (here English and Indonesian, the team's two languages): "boleh nggak pakai axios?" is a
 * question about axios. Only words the handbook never uses: `di` and `dan` are left out (DI,
 * Dan). Ask AI drops them too.
 */
export const INDONESIAN_STOP_WORDS: ReadonlySet<string> = new Set(
  `yang ke dari atau ini itu untuk dengan pada ada apa apakah aja saja harus boleh bisa perlu
  gimana bagaimana kenapa mengapa siapa kapan dimana mana berapa kalau kalo kok sih ya nggak gak
  enggak ga tidak mau udah sudah belum lagi masih juga tapi biar buat pakai pake sama saya aku
  kita kami nya dong deh tolong mohon agar supaya jadi bikin caranya cara gitu banget punya
  ngapain diapain yg utk dgn tdk`.split(/\s+/),
);
for (const word of INDONESIAN_STOP_WORDS) STOP_WORDS.add(word);

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

/** Algolia's typo tolerance: one typo from 4 letters, two from 8. */
export function maxTyposFor(word: string): number {
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The words of a query that count, after its stop words are dropped (Algolia also caps them). */
export const MAX_QUERY_WORDS = 12;

/** The words of a query; the last one is a prefix (the user is still typing it). */
export function queryWords(query: string): QueryWord[] {
  const typed = query
    .split(/\s+/)
    .flatMap((chunk, token) => words(chunk).map((text) => ({text, token})));
  const all = typed.map(({text}) => text);
  const keep = all.some((word) => !STOP_WORDS.has(word))
    ? (word: string) => !STOP_WORDS.has(word)
    : () => true;
  const result: QueryWord[] = [];
  all.forEach((text, index) => {
    if (!keep(text)) return;
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

/**
 * Damerau distance (optimal string alignment: a swap of two adjacent letters is one typo, as
 * with Algolia), or `max + 1` as soon as it is known to exceed `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

/** The word with each pair of adjacent letters swapped: one typo each, by Damerau's count. */
export function transpositions(word: string): string[] {
  const swapped: string[] = [];
  for (let i = 0; i + 1 < word.length; i += 1) {
    if (word[i] === word[i + 1]) continue;
    swapped.push(word.slice(0, i) + (word[i + 1] ?? '') + (word[i] ?? '') + word.slice(i + 2));
  }
  return swapped;
}

export type WordMatch = {
  readonly typos: number;
  readonly exact: boolean;
  readonly prefixLength: number | null;
};

/** How a word of the text matches a word of the query, if it does. */
export function matchWord(query: QueryWord, word: string): WordMatch | null {
  if (word === query.text) return {typos: 0, exact: true, prefixLength: null};
  if (query.prefix && word.startsWith(query.text))
    return {typos: 0, exact: false, prefixLength: query.text.length};
  if (query.maxTypos === 0) return null;
  const typos = boundedDistance(query.text, word, query.maxTypos);
  return typos <= query.maxTypos ? {typos, exact: false, prefixLength: null} : null;
}
