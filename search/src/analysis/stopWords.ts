import {createRequire} from 'node:module';

// English stop words are optional in a query, as with Algolia's removeStopWords (its English
// list: pronouns, auxiliaries, determiners, prepositions, negations), folded the way the
// tokenizer folds contractions ("don't" is dont): "how do I deploy" is a question about
// deploying, and "who should I ask before I merge" one about merging.
const STOP_WORDS = new Set<string>(
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
 * question about axios. The standard list (stopwords-iso's Indonesian, 758 words, which
 * includes Tala's) with the colloquial Jakarta forms it lacks (`nggak`, `gimana`, `udah`,
 * `pake`, `kalo`, `yg`, `gmn`, `nge`), less the words the handbook itself uses: `di` and `dan`
 * (DI, Dan: stop words unless typed as the name, `isStopWordAsTyped`), `per` (per day) and
 * `bersama` (cuti bersama).
 */
const HANDBOOK_WORDS = new Set(['di', 'dan', 'per', 'bersama']);
const COLLOQUIAL =
  `yang ke dari atau ini itu untuk dengan pada ada apa apakah aja saja harus boleh bisa
  perlu gimana bagaimana kenapa mengapa siapa kapan dimana mana berapa kalau kalo kok sih ya nggak
  gak enggak ga tidak mau udah sudah belum lagi masih juga tapi biar buat pakai pake sama saya aku
  kita kami nya dong deh tolong mohon agar supaya jadi bikin caranya cara gitu banget punya
  ngapain diapain yg utk dgn tdk nge gmn emang gw gue lu brp kpn sampe abis tuh nih loh lho kek`.split(
    /\s+/,
  );
export const INDONESIAN_STOP_WORDS: ReadonlySet<string> = new Set(
  [
    ...(createRequire(import.meta.url)('stopwords-iso') as {id: readonly string[]}).id,
    ...COLLOQUIAL,
  ].filter((word) => !HANDBOOK_WORDS.has(word)),
);
for (const word of INDONESIAN_STOP_WORDS) STOP_WORDS.add(word);

/** Whether a word is a stop word of either language (English or Indonesian). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * Indonesian function words that the handbook also uses as names, in capitals: `di` ("in", and
 * DI, dependency injection) and `dan` ("and", and Dan, an author). Typed in lower case, or as a
 * question's first word, they are the function word, the commonest words of an Indonesian
 * question; typed with a capital inside a question, the name. Case is how a writer tells a name
 * from a word, and how the handbook's own name rule reads words (`sections/sectionIndex.ts`).
 */
const NAMES_WHEN_CAPITALISED = new Map(
  ['di', 'dan'].map((word) => [
    word,
    new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'iu'),
  ]),
);

/**
 * Whether a word of a query is a stop word as the reader typed it: `word` is the word (lower
 * case), `typed` the whitespace-separated chunk it came from, `first` whether that chunk opens
 * the query.
 */
export function isStopWordAsTyped(word: string, typed: string, first: boolean): boolean {
  if (STOP_WORDS.has(word)) return true;
  const asName = NAMES_WHEN_CAPITALISED.get(word);
  if (asName === undefined) return false;
  if (first) return true;
  const asTyped = typed.match(asName)?.[0];
  return asTyped === undefined || asTyped === word;
}
