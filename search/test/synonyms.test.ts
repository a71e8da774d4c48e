import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parseSynonyms, phraseMatcher, phrasesOf, synonymMap} from '../src/analysis/synonyms';

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

describe('synonyms stay vocabulary', () => {
  it('refuses a synonym made only of stop words, which would match nearly every page', () => {
    expect(() =>
      parseSynonyms([{type: 'oneWaySynonym', input: 'banned', synonyms: ['not']}], 'f.json'),
    ).toThrow(/f\.json\[0\].*"not" is made only of stop words/);
  });

  it("has no target in the writers' file made only of stop words", () => {
    const file = new URL('../../site/search-synonyms.json', import.meta.url);
    expect(() => parseSynonyms(JSON.parse(readFileSync(file, 'utf8')), 'site')).not.toThrow();
  });

  it('keeps a target of several words as one phrase term, never its separate words', () => {
    const map = synonymMap([
      {type: 'oneWaySynonym', input: 'banned', synonyms: ['not allowed', 'forbidden']},
    ]);
    expect(map.get('banned')).toEqual(['not allowed', 'forbidden']);
  });

  it('finds a phrase in a text by its words in a row, plurals included', () => {
    const find = phraseMatcher(phrasesOf([{type: 'synonym', synonyms: ['merge request', 'mr']}]));
    expect(find(['open', 'two', 'merge', 'requests'])).toEqual(['merge request']);
    expect(find(['merge', 'the', 'request'])).toEqual([]);
  });
});
