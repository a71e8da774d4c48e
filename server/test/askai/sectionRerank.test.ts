import {readFileSync} from 'node:fs';
import {SearchEngine} from '@studio-handbook/search/engine';
import {DEFAULT_INDEX_FILE, readIndexFile} from '@studio-handbook/search/indexFile';
import {SECTION_FEATURES} from '@studio-handbook/search/sections';
import {describe, expect, it} from 'vitest';
import type {Tree} from '../../src/askai/model/trees';
import {fittedModel, parseModel, WEIGHTS_FILE} from '../../src/askai/model/weights';
import {RERANK_DEPTH, rankForAnswer} from '../../src/askai/sectionRerank';

/** The real index and the committed weights: the linear stage alone, and with the trees. */
const engine = SearchEngine.fromIndexFile(readIndexFile(DEFAULT_INDEX_FILE));
const linear = {...fittedModel(), sectionTrees: null};
const QUESTION = 'How long are production logs kept?';
const urls = (ranking: ReturnType<typeof rankForAnswer>) =>
  ranking.sections.map((ranked) => ranked.section.url);

/** One split on the rank the linear stage gave (the last feature): a tree that prefers rank ≥ 3. */
const RANK = SECTION_FEATURES.length + 1;
const prefersLater: Tree = {
  feature: [RANK, -1, -1],
  threshold: [2.5, 0, 0],
  left: [1, 0, 0],
  right: [2, 0, 0],
  value: [0, -1, 1],
};

describe('the section reranking', () => {
  it('keeps the search’s order when the model has no trees', () => {
    const alone = engine.rankSections(QUESTION, {weights: linear.section, limit: 5});
    expect(urls(rankForAnswer(engine, QUESTION, linear, {limit: 5}))).toEqual(urls(alone));
  });

  it('reorders the linear stage’s first sections by the trees, ties in the linear order', () => {
    const deep = engine.rankSections(QUESTION, {weights: linear.section, limit: RERANK_DEPTH});
    const reranked = rankForAnswer(
      engine,
      QUESTION,
      {...linear, sectionTrees: {base: 0, trees: [prefersLater]}},
      {limit: 5},
    );
    expect(urls(reranked)).toEqual(urls(deep).slice(3, 8));
  });

  it('puts the section that states the retention first with the committed trees', () => {
    const [first] = rankForAnswer(engine, QUESTION, fittedModel(), {limit: 5}).sections;
    expect(first?.section.url).toBe('/docs/resources/monitoring#logs');
  });

  it('refuses committed trees that split on a feature the reranking does not have', () => {
    const file = JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8'));
    file.sectionTrees.trees[0] = {...prefersLater, feature: [RANK + 1, -1, -1]};
    expect(() => parseModel(file)).toThrow('sectionTrees.trees[0] node 0 is malformed');
  });
});
