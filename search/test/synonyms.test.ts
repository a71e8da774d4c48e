import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseSynonyms, synonymMap} from '../src/analysis/synonyms';

describe("the writers' synonyms file", () => {
  it('reads the file beside the docs', () => {
    const file = new URL('../../site/search-synonyms.json', import.meta.url);
    const records = parseSynonyms(JSON.parse(readFileSync(file, 'utf8')), 'site');
    expect(synonymMap(records).get('pg')).toContain('postgresql');
  });

  it('refuses a malformed record with its position', () => {
    expect(() =>
      parseSynonyms(
        [
          {type: 'synonym', synonyms: ['a', 'b']},
          {type: 'synonym', synonyms: ['x']},
        ],
        'f.json',
      ),
    ).toThrow(/f\.json\[1\]/);
  });

  it('expands a one-way input but not its targets', () => {
    const map = synonymMap([{type: 'oneWaySynonym', input: 'k8s', synonyms: ['kubernetes']}]);
    expect(map.get('k8s')).toEqual(['kubernetes']);
    expect(map.get('kubernetes')).toBeUndefined();
  });

  it("the writers' vocabulary lets a developer's shorthand find the handbook's words", () => {
    const file = new URL('../../site/search-synonyms.json', import.meta.url);
    const map = synonymMap(parseSynonyms(JSON.parse(readFileSync(file, 'utf8')), 'site'));
    expect(map.get('vars')).toContain('variables');
    expect(map.get('swagger')).toContain('openapi');
    expect(map.get('starter')).toContain('template');
    expect(map.get('finished')).toContain('done');
    expect(map.get('ack')).toContain('acknowledge');
    expect(map.get('randomly')).toContain('flaky');
    // One-way: the handbook's own word does not also match the shorthand's other meanings.
    expect(map.get('template')).not.toContain('starter');
  });
});
