import {describe, expect, it} from 'vitest';
import {SearchEngine} from '../src/engine/searchEngine';
import {record, request} from './records';

/** Typos as people make them in a short keyword query, counted as Algolia counts them. */
const urls = (engine: SearchEngine, query: string) =>
  engine.search(request(query)).hits.map((hit) => hit.url);

describe('typo tolerance', () => {
  it('a swap and another typo in a long word are two typos, within its budget', () => {
    const engine = new SearchEngine([
      record('/monitoring', {lvl1: 'Monitoring'}),
      record('/references', {lvl1: 'References'}),
    ]);
    // Levenshtein counts each of these as three or four edits; Damerau as two.
    expect(urls(engine, 'monitronig')).toEqual(['/monitoring']); // a swap and a near key
    expect(urls(engine, 'montiornig')).toEqual(['/monitoring']); // two swaps
    expect(urls(engine, 'refrenecs')).toEqual(['/references']); // a dropped letter and a swap
  });

  it('a last word still being typed matches as a prefix after one swap', () => {
    const engine = new SearchEngine([
      record('/kawal', {lvl1: 'Kawal Project'}),
      record('/discord', {lvl1: 'Discord'}, 'The kawal bot posts a report.'),
    ]);
    expect(urls(engine, 'kawal prjo')[0]).toBe('/kawal');
  });

  it('a dropped letter and a near key in a seven-letter word still find the word', () => {
    const engine = new SearchEngine([
      record('/handbook', {lvl1: 'Studio Handbook'}),
      record('/conventions', {lvl1: 'Studio Conventions'}),
    ]);
    // `hahdbok` is two typos from handbook, over a seven-letter word's budget of one: nothing
    // else is near it, so it gets a second typo rather than match nothing.
    expect(urls(engine, 'studio hahdbok')[0]).toBe('/handbook');
  });

  it('a second typo is not tried when the word already matches something', () => {
    const engine = new SearchEngine([
      record('/excellent', {lvl1: 'Excellent'}),
      record('/except', {lvl1: 'Except'}),
    ]);
    // `excel` reaches "excellent" by stem: `except`, two typos away, is not looked for.
    expect(urls(engine, 'excel')).toEqual(['/excellent']);
  });

  it('a misspelt word finds the other forms of the one word it stands for', () => {
    const engine = new SearchEngine([
      record('/conventions', {lvl1: 'Studio Conventions'}, 'Commit types and naming.'),
      record('/git', {lvl1: 'Git workflow'}, 'Commit types follow the conventional style.'),
    ]);
    expect(urls(engine, 'conventions commit types')[0]).toBe('/conventions');
    expect(urls(engine, 'cnventions commit types')[0]).toBe('/conventions');
    expect(urls(engine, 'cnventional commit types')[0]).toBe('/conventions');
  });

  it('a short misspelt word with several corrections does not spread to their other forms', () => {
    const engine = new SearchEngine([
      record('/comes', {lvl1: 'Comes'}),
      record('/come', {lvl1: 'Come'}),
      record('/com', {lvl1: 'Com'}),
    ]);
    expect(urls(engine, 'comp').sort()).toEqual(['/com', '/come']);
  });

  it('a last word still being typed matches as a prefix after one edit when nothing else does', () => {
    const engine = new SearchEngine([
      record('/template', {lvl1: 'Frontend Template'}),
      record('/framework', {lvl1: 'Frontend Framework'}),
    ]);
    expect(urls(engine, 'frontend tejpl')[0]).toBe('/template'); // a near key
    expect(urls(engine, 'frontend tmpl')[0]).toBe('/template'); // a dropped letter
  });
});
