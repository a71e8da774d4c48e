/**
 * The tokenizer every part of the search shares: the indexer, the engine, the highlighter,
 * the section ranker and Ask AI's question analysis all see the same words.
 */
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
