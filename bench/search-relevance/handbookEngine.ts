import {SearchEngine} from '@studio-handbook/search/engine';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import type {SearchRequest} from '@studio-handbook/search/types';

/**
 * Our engine over the built handbook index, with its synonyms, as the tuning scripts query it:
 * the docs facets DocSearch sends, twenty hits, URLs only.
 */
export const {records, synonyms} = readIndexFile(DEFAULT_INDEX_FILE);
export const engine = new SearchEngine(records, {synonyms});
const ids = new Map(records.map((record, index) => [record.objectID, index]));

/** A hit's record index, -1 when the index does not hold it. */
export const idOf = (objectID: string) => ids.get(objectID) ?? -1;
export const pageOf = (id: number) => (records[id] ? new URL(records[id].url).pathname : '');

export const request = (query: string): SearchRequest => ({
  indexName: 'bench',
  query,
  hitsPerPage: 20,
  page: 0,
  facetFilters: [
    ['language:en'],
    ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
  ],
  facets: [],
  attributesToRetrieve: ['url'],
  attributesToSnippet: [],
  attributesToHighlight: null,
  snippetEllipsisText: '…',
  highlightPreTag: '<mark>',
  highlightPostTag: '</mark>',
  clickAnalytics: false,
});
