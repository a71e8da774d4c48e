import type {HighlightResult, MatchLevel, SnippetResult} from './types';
import {WORD, matchWord, type QueryWord} from './text';

export type Tags = {readonly pre: string; readonly post: string; readonly ellipsis: string};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Record text is plain text; the UI renders highlights as HTML, so everything is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The query, and which query word (if any) each text word matches, memoized per search. */
export type WordMatcher = {
  readonly query: readonly QueryWord[];
  match(word: string): {readonly queryIndex: number; readonly length: number | null} | null;
};

export function memoizedMatcher(query: readonly QueryWord[]): WordMatcher {
  const cache = new Map<string, {queryIndex: number; length: number | null} | null>();
  return {
    query,
    match(word) {
      let found = cache.get(word);
      if (found === undefined) {
        found = null;
        for (const [queryIndex, queryWord] of query.entries()) {
          const match = matchWord(queryWord, word);
          if (match) {
            found = {queryIndex, length: match.prefixLength};
            break;
          }
        }
        cache.set(word, found);
      }
      return found;
    },
  };
}

export type Token = {
  readonly start: number;
  readonly end: number;
  readonly matchEnd: number | null;
  readonly queryIndex: number | null;
};

export function tokenize(value: string, matcher: WordMatcher): Token[] {
  const tokens: Token[] = [];
  for (const match of value.matchAll(WORD)) {
    const start = match.index ?? 0;
    const found = matcher.match(match[0].toLowerCase());
    tokens.push({
      start,
      end: start + match[0].length,
      matchEnd: found ? start + (found.length ?? match[0].length) : null,
      queryIndex: found ? found.queryIndex : null,
    });
  }
  return tokens;
}

function render(
  value: string,
  tokens: readonly Token[],
  from: number,
  to: number,
  tags: Tags,
): string {
  let out = '';
  let cursor = from;
  for (const token of tokens) {
    if (token.matchEnd === null || token.start < from || token.end > to) continue;
    out += escapeHtml(value.slice(cursor, token.start));
    out += `${tags.pre}${escapeHtml(value.slice(token.start, token.matchEnd))}${tags.post}`;
    cursor = token.matchEnd;
  }
  return out + escapeHtml(value.slice(cursor, to));
}

function levelOf(matched: ReadonlySet<number>, query: readonly QueryWord[]): MatchLevel {
  if (matched.size === 0) return 'none';
  return matched.size === query.length ? 'full' : 'partial';
}

export function highlight(
  value: string,
  tokens: readonly Token[],
  {query}: WordMatcher,
  tags: Tags,
): HighlightResult {
  const matched = new Set(
    tokens.flatMap((token) => (token.queryIndex === null ? [] : [token.queryIndex])),
  );
  const matchedTokens = tokens.filter((token) => token.matchEnd !== null);
  return {
    value: render(value, tokens, 0, value.length, tags),
    matchLevel: levelOf(matched, query),
    matchedWords: [...matched].map((index) => query[index]?.text ?? ''),
    fullyHighlighted:
      tokens.length > 0 &&
      matchedTokens.length === tokens.length &&
      matchedTokens.every((t) => t.matchEnd === t.end),
  };
}

/** A window of `length` words around the first match, with the ellipsis where text was cut. */
export function snippet(
  value: string,
  tokens: readonly Token[],
  {query}: WordMatcher,
  length: number,
  tags: Tags,
): SnippetResult {
  const matched = new Set(
    tokens.flatMap((token) => (token.queryIndex === null ? [] : [token.queryIndex])),
  );
  if (tokens.length <= length) {
    return {
      value: render(value, tokens, 0, value.length, tags),
      matchLevel: levelOf(matched, query),
    };
  }
  const firstMatch = Math.max(
    0,
    tokens.findIndex((token) => token.matchEnd !== null),
  );
  const startIndex = Math.max(
    0,
    Math.min(firstMatch - Math.floor(length / 4), tokens.length - length),
  );
  const endIndex = startIndex + length - 1;
  const from = startIndex === 0 ? 0 : (tokens[startIndex]?.start ?? 0);
  const to = endIndex >= tokens.length - 1 ? value.length : (tokens[endIndex]?.end ?? value.length);
  const body = render(value, tokens, from, to, tags);
  return {
    value: `${from > 0 ? tags.ellipsis : ''}${body}${to < value.length ? tags.ellipsis : ''}`,
    matchLevel: levelOf(matched, query),
  };
}
