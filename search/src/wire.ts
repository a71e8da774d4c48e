import {z} from 'zod';
import type {SearchRequest} from './types';

/**
 * Validation of `POST /1/indexes/*\/queries` bodies, as DocSearch's modal (algoliasearch v5
 * lite client) and the Docusaurus /search page (algoliasearch-helper) send them: each request
 * carries its parameters as fields, or as a URL-encoded `params` string, or both.
 */
export const LIMITS = {
  maxRequests: 50,
  maxQueryLength: 512,
  maxHitsPerPage: 1000,
  maxPage: 1000,
  maxFacetFilters: 50,
} as const;

export class WireError extends Error {
  override name = 'WireError';
}

const stringList = z.array(z.string().max(200)).max(100);
const facetFilter = z.union([
  z.string().max(200),
  z.array(z.string().max(200)).max(LIMITS.maxFacetFilters),
]);
const numberLike = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const boolLike = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);
const listLike = z.union([
  stringList,
  z
    .string()
    .max(2000)
    .transform((value) => parseListParam(value)),
]);

const paramsSchema = z.object({
  query: z
    .string()
    .max(LIMITS.maxQueryLength, `query must be at most ${LIMITS.maxQueryLength} characters`)
    .default(''),
  hitsPerPage: numberLike.pipe(z.number().int().min(0).max(LIMITS.maxHitsPerPage)).default(20),
  page: numberLike.pipe(z.number().int().min(0).max(LIMITS.maxPage)).default(0),
  facetFilters: z
    .preprocess(
      (value) => (typeof value === 'string' ? parseJson(value) : value),
      z
        .array(facetFilter, {error: 'facetFilters must be an array of filters, or its JSON'})
        .max(LIMITS.maxFacetFilters),
    )
    .default([]),
  facets: listLike.default([]),
  attributesToRetrieve: listLike.optional(),
  attributesToSnippet: listLike.default([]),
  attributesToHighlight: listLike.optional(),
  snippetEllipsisText: z.string().max(50).default('…'),
  highlightPreTag: z.string().max(100).default('<em>'),
  highlightPostTag: z.string().max(100).default('</em>'),
  clickAnalytics: boolLike.default(false),
});

const requestSchema = z.looseObject({
  indexName: z.string().min(1).max(200),
  params: z.union([z.string().max(8000), z.record(z.string(), z.unknown())]).optional(),
});

const bodySchema = z.object({
  requests: z
    .array(requestSchema)
    .min(1, 'requests must not be empty')
    .max(LIMITS.maxRequests, `at most ${LIMITS.maxRequests} requests`),
});

function parseListParam(value: string): string[] {
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    } catch {
      // fall through to the comma-separated form
    }
  }
  return value === '' ? [] : value.split(',');
}

/** A JSON parameter, or undefined-like garbage that the schema then refuses with its message. */
function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return {invalidJson: value.slice(0, 50)};
  }
}

function describe(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request.';
  const where = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Parses the raw request body; throws WireError with an Algolia-style message on bad input. */
export function parseQueriesBody(raw: string): SearchRequest[] {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new WireError('Invalid JSON body.');
  }
  const body = bodySchema.safeParse(json);
  if (!body.success) throw new WireError(describe(body.error, ''));
  return body.data.requests.map((request, index) => {
    const {indexName, params, ...fields} = request;
    const fromParams =
      typeof params === 'string' ? Object.fromEntries(new URLSearchParams(params)) : (params ?? {});
    const parsed = paramsSchema.safeParse({...fromParams, ...fields});
    if (!parsed.success) throw new WireError(describe(parsed.error, `requests.${index}`));
    const values = parsed.data;
    return {
      indexName,
      query: values.query,
      hitsPerPage: values.hitsPerPage,
      page: values.page,
      facetFilters: values.facetFilters.map((filter) =>
        typeof filter === 'string' ? [filter] : filter,
      ),
      facets: values.facets,
      attributesToRetrieve: values.attributesToRetrieve ?? null,
      attributesToSnippet: values.attributesToSnippet,
      attributesToHighlight: values.attributesToHighlight ?? null,
      snippetEllipsisText: values.snippetEllipsisText,
      highlightPreTag: values.highlightPreTag,
      highlightPostTag: values.highlightPostTag,
      clickAnalytics: values.clickAnalytics,
    };
  });
}
