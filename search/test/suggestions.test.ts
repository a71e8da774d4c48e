import {describe, expect, it} from 'vitest';
import {SearchEngine} from '../src/engine/searchEngine';
import {MAX_SUGGESTIONS, createSuggester, nearestTerm} from '../src/suggestions';
import {record, request} from './records';

const handbook = () =>
  new SearchEngine([
    record('/docs/postgresql', {lvl0: 'Engineering', lvl1: 'PostgreSQL'}),
    record(
      '/docs/postgresql#backups',
      {lvl0: 'Engineering', lvl1: 'PostgreSQL', lvl2: 'Backups'},
      'Nightly dumps of every Postgres database.',
    ),
    record('/docs/backups', {lvl0: 'Workflow', lvl1: 'Database backups'}),
    record('/docs/backups#restore', {
      lvl0: 'Workflow',
      lvl1: 'Database backups',
      lvl2: 'Postgres restore',
    }),
    record('/docs/kong', {lvl0: 'Tools', lvl1: 'Kong gateway'}),
    record('/docs/helm', {lvl0: 'Tools', lvl1: 'Helm'}),
    record('/docs/postman', {lvl0: 'Tools', lvl1: 'Postman'}),
    record('/docs/ja/kong', {lvl0: 'Tools', lvl1: 'Kong (ja)'}, null, {language: 'ja'}),
  ]);

describe('suggestions for a query that finds nothing', () => {
  it('are the page titles found for the nearest handbook words', () => {
    const engine = handbook();
    // Three typos in a seven-letter word: beyond the engine's tolerance, so it finds nothing.
    expect(engine.search(request('pstgrzz')).nbHits).toBe(0);
    const suggestions = createSuggester(engine)(request('pstgrzz'));
    expect(suggestions[0]).toBe('PostgreSQL');
    expect(suggestions).toContain('Database backups');
  });

  it('are queries that find something', () => {
    const engine = handbook();
    for (const suggestion of createSuggester(engine)(request('pstgrs bakcupz'))) {
      expect(engine.search(request(suggestion)).nbHits, suggestion).toBeGreaterThan(0);
    }
  });

  it('are at most three, without duplicates', () => {
    const engine = handbook();
    const suggestions = createSuggester(engine)(request('pstmn kongg hlem pstgrs'));
    expect(suggestions.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(new Set(suggestions.map((s) => s.toLowerCase())).size).toBe(suggestions.length);
  });

  it('fall back to the largest sections when no word is near anything', () => {
    expect(createSuggester(handbook())(request('zzqxqv'))).toEqual([
      'Tools',
      'Engineering',
      'Workflow',
    ]);
  });

  it('keep to what the facet filters admit', () => {
    const suggestions = createSuggester(handbook())(
      request('kongx gatewy', {facetFilters: [['language:ja']]}),
    );
    expect(suggestions).toEqual(['Kong (ja)']);
  });

  it('are empty for a query without words', () => {
    expect(createSuggester(handbook())(request('  ?! '))).toEqual([]);
  });

  it('skip a page title too long to be a query', () => {
    const long = `Postgres ${'x'.repeat(70)}`;
    const engine = new SearchEngine([
      record('/long', {lvl0: 'Docs', lvl1: long}),
      record('/pg', {lvl0: 'Docs', lvl1: 'Postgres'}),
    ]);
    expect(createSuggester(engine)(request('pstgrs'))).toEqual(['Postgres']);
  });
});

describe('the nearest handbook word', () => {
  const terms = new Map([
    ['postgres', 3],
    ['postgresql', 1],
    ['postman', 2],
  ]);

  it('is the one with the fewest edits for its length', () => {
    expect(nearestTerm('pstgrs', terms)).toBe('postgres');
    expect(nearestTerm('pstmn', terms)).toBe('postman');
  });

  it('is none when every word is more than half its letters away', () => {
    expect(nearestTerm('zzqxqv', terms)).toBeNull();
  });
});
