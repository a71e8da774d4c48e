import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import type {AskAiModel} from '../../server/src/askai/model/weights';
import {fitInputsDigest, FoldModels} from '../ask-ai-fit/foldModels';

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
  writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fold-models-'));
  write('search/src/sections/rankSections.ts', 'export const features = 1;');
  write('server/src/askai/passages.ts', 'export const passage = 1;');
  write('server/src/askai/quotedUnits.ts', 'export const ANSWERING_UNITS = 2;');
  write('server/src/askai/answerers/extractiveAnswerer.ts', 'export const kind = 1;');
  write('server/src/askai/askService.ts', 'export const OWN_SUBJECT_WORDS = 3;');
  write('bench/ask-ai-fit/boosting.ts', 'export const rounds = 300;');
});

afterEach(() => rmSync(root, {recursive: true, force: true}));

const settings = {FIT_THRESHOLD: null, stemmer: 'sastrawi'};

describe("the digest of what a fold's fit reads", () => {
  it('changes when a feature, a fitter or a setting changes', () => {
    const before = fitInputsDigest(root, settings);
    write('server/src/askai/passages.ts', 'export const passage = 2;');
    const feature = fitInputsDigest(root, settings);
    expect(feature).not.toBe(before);
    write('bench/ask-ai-fit/boosting.ts', 'export const rounds = 200;');
    expect(fitInputsDigest(root, settings)).not.toBe(feature);
    expect(fitInputsDigest(root, {...settings, stemmer: 'tala'})).not.toBe(
      fitInputsDigest(root, settings),
    );
  });

  it('holds when only what an answer quotes, how it is written, or which plan the service keeps changes', () => {
    const before = fitInputsDigest(root, settings);
    write('server/src/askai/quotedUnits.ts', 'export const ANSWERING_UNITS = 3;');
    write('server/src/askai/answerers/extractiveAnswerer.ts', 'export const kind = 2;');
    write('server/src/askai/askService.ts', 'export const OWN_SUBJECT_WORDS = 2;');
    write('server/src/askai/README.md', 'prose');
    expect(fitInputsDigest(root, settings)).toBe(before);
  });

  it('holds when the search index is only rebuilt, and changes when what it holds changes', () => {
    write(
      'search/dist/index.json',
      '{"version":2,"generatedAt":"2026-11-29T10:33:11.083Z","records":[1]}',
    );
    const before = fitInputsDigest(root, settings);
    write(
      'search/dist/index.json',
      '{"version":2,"generatedAt":"2026-11-29T10:50:23.523Z","records":[1]}',
    );
    expect(fitInputsDigest(root, settings)).toBe(before);
    write(
      'search/dist/index.json',
      '{"version":2,"generatedAt":"2026-11-29T10:50:23.523Z","records":[2]}',
    );
    expect(fitInputsDigest(root, settings)).not.toBe(before);
  });

  it('changes when a file is renamed, not only when its text changes', () => {
    const before = fitInputsDigest(root, settings);
    rmSync(path.join(root, 'server/src/askai/passages.ts'));
    write('server/src/askai/passage.ts', 'export const passage = 1;');
    expect(fitInputsDigest(root, settings)).not.toBe(before);
  });
});

describe('the kept fold models', () => {
  const model = {
    section: {bias: 0.1 + 0.2},
    sectionTrees: null,
    passage: {bias: -4.665281234567891},
    answerable: {base: 1e-17, trees: [], threshold: 0.54},
  } as unknown as AskAiModel;

  it('fits a fold once and gives the same model, to the last bit, the next time', () => {
    const dir = path.join(root, 'folds');
    let fits = 0;
    const fit = () => ((fits += 1), model);
    expect(new FoldModels(dir, 'inputs').model('conv-A', [{q: 1}], fit)).toEqual({
      model,
      kept: false,
    });
    const again = new FoldModels(dir, 'inputs').model('conv-A', [{q: 1}], fit);
    expect(again).toEqual({model, kept: true});
    expect(again.model.section.bias).toBe(0.1 + 0.2);
    expect(fits).toBe(1);
  });

  it('fits afresh for other training questions or other inputs', () => {
    const dir = path.join(root, 'folds');
    let fits = 0;
    const fit = () => ((fits += 1), model);
    new FoldModels(dir, 'inputs').model('conv-A', [{q: 1}], fit);
    expect(new FoldModels(dir, 'inputs').model('conv-A', [{q: 2}], fit).kept).toBe(false);
    expect(new FoldModels(dir, 'changed').model('conv-A', [{q: 1}], fit).kept).toBe(false);
    expect(fits).toBe(3);
    expect(readdirSync(dir)).toHaveLength(3);
  });
});
