import type {SearchRecord, SearchRequest} from '../types';

const FACETS = ['language', 'docusaurus_tag'] as const;

function facetValue(record: SearchRecord, attribute: string): string | undefined {
  if (attribute === 'language') return record.language;
  if (attribute === 'docusaurus_tag') return record.docusaurus_tag;
  if (attribute === 'type') return record.type;
  return undefined;
}

/** AND of ORs over `attribute:value` strings; a leading `-` negates one filter. */
export function facetFilter(
  filters: SearchRequest['facetFilters'],
): (record: SearchRecord) => boolean {
  if (filters.length === 0) return () => true;
  const groups = filters.map((group) =>
    group.map((filter) => {
      const negated = filter.startsWith('-');
      const [attribute = '', ...rest] = (negated ? filter.slice(1) : filter).split(':');
      return {attribute, value: rest.join(':'), negated};
    }),
  );
  return (record) =>
    groups.every((group) =>
      group.some(
        ({attribute, value, negated}) => (facetValue(record, attribute) === value) !== negated,
      ),
    );
}

/** Counts of each facet value among the hits, for the facets a request asks for. */
export function facetCounts(
  facets: readonly string[],
  records: readonly SearchRecord[],
): Record<string, Record<string, number>> {
  const names = facets.includes('*')
    ? [...FACETS]
    : FACETS.filter((facet) => facets.includes(facet));
  const counts: Record<string, Record<string, number>> = {};
  for (const name of names) {
    const values: Record<string, number> = {};
    for (const record of records) {
      const value = facetValue(record, name) ?? '';
      values[value] = (values[value] ?? 0) + 1;
    }
    counts[name] = values;
  }
  return counts;
}
