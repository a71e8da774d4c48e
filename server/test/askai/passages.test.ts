import {SearchEngine} from '@studio-handbook/search/engine';
import {SECTION_FEATURES, type SectionWeights} from '@studio-handbook/search/sections';
import {describe, expect, it} from 'vitest';
import {passageFeatures} from '../../src/askai/passages';

const text = (value: string) => ({kind: 'text' as const, text: value, markdown: value});
const engine = new SearchEngine([], {
  sections: [
    {
      url: '/docs/postgres#backups',
      page: '/docs/postgres',
      pageTitle: 'PostgreSQL',
      heading: 'Backups',
      trail: ['PostgreSQL', 'Backups'],
      anchors: ['backups'],
      kind: 'doc',
      units: [
        text('Restores are practised every quarter on PostgreSQL.'),
        text('Nightly backups of every database are kept for 30 days.'),
      ],
    },
  ],
  pages: [],
  synonyms: [],
});
const COVERAGE_ONLY = {
  bias: 0,
  ...Object.fromEntries(SECTION_FEATURES.map((name) => [name, name === 'coverage' ? 1 : 0])),
} as SectionWeights;
const translatedShares = (question: string) => {
  const {question: analyzed, sections} = engine.rankSections(question, {weights: COVERAGE_ONLY});
  return passageFeatures(analyzed, sections).map(({features}) => features.translatedShare);
};

describe("the passage model's features", () => {
  it('marks the unit that holds the translation of an Indonesian word the handbook does not use', () => {
    // "cadangan" is backup: only the second sentence holds it.
    expect(translatedShares('cadangan postgres disimpan berapa lama?')).toEqual([0, 1]);
  });

  it('gives a question without such words no share anywhere', () => {
    expect(translatedShares('how long are postgres backups kept?')).toEqual([0, 0]);
  });
});
