import type {QueryWord} from '../analysis/queryWords';
import {WORD} from '../analysis/tokens';
import type {HighlightResult, MatchLevel, SnippetResult} from '../types';

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
  return /[&<>"']/.test(text) ? text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char) : text;
}

/** The query, which query word (if any) a text word matches, and a text's tokens. */
export type WordMatcher = {
  readonly query: readonly QueryWord[];
  match(word: string): {readonly queryIndex: number; readonly length: number | null} | null;
  tokens(value: string): Token[];
};

export type Token = {
  readonly start: number;
  readonly end: number;
  readonly matchEnd: number | null;
  readonly queryIndex: number | null;
};

type Span = {readonly start: number; readonly end: number; readonly word: string};

// Where the words of a text are does not depend on the query: computed once per text.
const spansCache = new Map<string, Span[]>();
const MAX_CACHED_TEXTS = 20_000;

function spansOf(value: string): Span[] {
  let spans = spansCache.get(value);
  if (!spans) {
    spans = [];
    for (const match of value.matchAll(WORD)) {
      const start = match.index ?? 0;
      spans.push({start, end: start + match[0].length, word: match[0].toLowerCase()});
    }
    if (spansCache.size >= MAX_CACHED_TEXTS) spansCache.clear();
    spansCache.set(value, spans);
  }
  return spans;
}

export function tokenize(value: string, matcher: Pick<WordMatcher, 'match'>): Token[] {
  return spansOf(value).map(({start, end, word}) => {
    const found = matcher.match(word);
    return {
      start,
      end,
      matchEnd: found ? start + (found.length ?? end - start) : null,
      queryIndex: found ? found.queryIndex : null,
    };
  });
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
