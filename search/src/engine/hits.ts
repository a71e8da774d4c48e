import {highlight, snippet, tokenize, type Tags, type Token, type WordMatcher} from './highlight';
import type {QueryWord} from '../analysis/queryWords';
import {HIERARCHY_LEVELS, type SearchHit, type SearchRecord, type SearchRequest} from '../types';

/** How an index term matched a query word (computed once per term and search). */
export type TermMatch = {
  readonly queryIndex: number;
  readonly typos: number;
  readonly exact: boolean;
  readonly prefixLength: number | null;
};

const RETRIEVABLE = ['url', 'type', 'content', 'language', 'docusaurus_tag'] as const;

/**
 * Highlights come from the words the engine matched, as Algolia's do: a word of the text is
 * highlighted when it is an index term that matched a query word. Hierarchy strings repeat
 * across hits, so their tokens are computed once per search.
 */
export function termMatcher(
  query: readonly QueryWord[],
  termMatches: ReadonlyMap<string, readonly TermMatch[]>,
): WordMatcher {
  const cache = new Map<string, Token[]>();
  const matcher: WordMatcher = {
    query,
    match(word) {
      const first = termMatches.get(word)?.[0] ?? directMatch(query, word);
      return first ? {queryIndex: first.queryIndex, length: first.prefixLength} : null;
    },
    tokens(value) {
      let tokens = cache.get(value);
      if (!tokens) {
        tokens = tokenize(value, matcher);
        cache.set(value, tokens);
      }
      return tokens;
    },
  };
  return matcher;
}

/** Words the engine did not look up (records listed without a query). */
function directMatch(query: readonly QueryWord[], word: string): TermMatch | null {
  for (const [queryIndex, queryWord] of query.entries()) {
    if (word === queryWord.text) return {queryIndex, typos: 0, exact: true, prefixLength: null};
    if (queryWord.prefix && word.startsWith(queryWord.text)) {
      return {queryIndex, typos: 0, exact: false, prefixLength: queryWord.text.length};
    }
  }
  return null;
}

/** `content:10` → content → 10, for the attributes a request wants snippets of. */
function snippetLengths(request: SearchRequest): (attribute: string) => number | null {
  const lengths = new Map<string, number>();
  for (const entry of request.attributesToSnippet) {
    const [name = '', length] = entry.split(':');
    if (!lengths.has(name)) lengths.set(name, Math.max(1, Math.min(100, Number(length) || 10)));
  }
  return (attribute) => lengths.get(attribute) ?? lengths.get('*') ?? null;
}

function wants(attributes: readonly string[] | null, name: string): boolean {
  return (
    attributes === null ||
    attributes.includes('*') ||
    attributes.some((attribute) => attribute === name || attribute.startsWith(`${name}.`))
  );
}

/** Shapes hits as Algolia does: the retrieved attributes, `_highlightResult`, `_snippetResult`. */
export function hitShaper(request: SearchRequest, matcher: WordMatcher, tags: Tags) {
  const snippetLength = snippetLengths(request);
  const retrieve = request.attributesToRetrieve;
  const hierarchyLevels = HIERARCHY_LEVELS.filter(
    (level) =>
      wants(retrieve, `hierarchy.${level}`) &&
      (retrieve === null ||
        retrieve.includes('*') ||
        retrieve.includes('hierarchy') ||
        retrieve.includes(`hierarchy.${level}`)),
  );
  return (record: SearchRecord): SearchHit => {
    const hit: Record<string, unknown> = {objectID: record.objectID};
    for (const name of RETRIEVABLE) if (wants(retrieve, name)) hit[name] = record[name];
    if (hierarchyLevels.length > 0) {
      hit.hierarchy = Object.fromEntries(
        hierarchyLevels.map((level) => [level, record.hierarchy[level]]),
      );
    }
    // Algolia lists only the attributes that have a value, in hierarchy order.
    const highlightHierarchy: Record<string, unknown> = {};
    const snippetHierarchy: Record<string, unknown> = {};
    for (const level of HIERARCHY_LEVELS) {
      const value = record.hierarchy[level];
      if (value === null) continue;
      const tokens = matcher.tokens(value);
      highlightHierarchy[level] = highlight(value, tokens, matcher, tags);
      const length = snippetLength(`hierarchy.${level}`);
      if (length !== null) snippetHierarchy[level] = snippet(value, tokens, matcher, length, tags);
    }
    const highlightResult: Record<string, unknown> = {hierarchy: highlightHierarchy};
    const snippetResult: Record<string, unknown> = {};
    if (Object.keys(snippetHierarchy).length > 0) snippetResult.hierarchy = snippetHierarchy;
    if (record.content !== null) {
      const tokens = matcher.tokens(record.content);
      highlightResult.content = highlight(record.content, tokens, matcher, tags);
      const length = snippetLength('content');
      if (length !== null)
        snippetResult.content = snippet(record.content, tokens, matcher, length, tags);
    }
    hit._highlightResult = highlightResult;
    hit._snippetResult = snippetResult;
    return hit as SearchHit;
  };
}
