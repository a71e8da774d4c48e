import {describe, expect, it} from 'vitest';
import {queryWords, questionWords} from '../src/analysis/queryWords';
import {isStopWordAsTyped} from '../src/analysis/stopWords';

const texts = (words: readonly {text: string}[]) => words.map((word) => word.text);

describe('Indonesian function words that the handbook also uses as names', () => {
  it('drops "di" and "dan" typed in lower case, as the preposition and the conjunction', () => {
    expect(texts(questionWords('test flaky wajib di-fix dalam lima hari kerja?'))).not.toContain(
      'di',
    );
    expect(texts(questionWords('rollback di production dan staging gimana?'))).toEqual([
      'rollback',
      'production',
      'staging',
    ]);
    expect(texts(queryWords('deploy di staging'))).toEqual(['deploy', 'staging']);
  });

  it('keeps them typed as the name, inside the question: DI, Dan', () => {
    expect(texts(questionWords('does GetX mix routing, DI and state?'))).toContain('di');
    expect(texts(questionWords('the useEffect guide by Dan Abramov'))).toContain('dan');
  });

  it("reads a capital at the question's start as the function word", () => {
    expect(isStopWordAsTyped('di', 'Di', true)).toBe(true);
    expect(isStopWordAsTyped('di', 'DI', false)).toBe(false);
    expect(isStopWordAsTyped('di', 'di-push', false)).toBe(true);
  });

  it('leaves every other word as the stop-word lists have it', () => {
    expect(isStopWordAsTyped('the', 'The', false)).toBe(true);
    expect(isStopWordAsTyped('yang', 'yang', false)).toBe(true);
    expect(isStopWordAsTyped('kong', 'Kong', false)).toBe(false);
  });
});
