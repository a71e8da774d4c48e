import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readSynonymsFile, stemSynonyms} from '../../src/askai/synonyms';
import {DEFAULT_SYNONYMS_FILE} from '../../src/askai/createAskAi';
import {questionTerms, stem} from '../../src/askai/terms';

describe("the writers' synonyms file", () => {
  it('makes every word of a two-way group stand for the others', () => {
    const map = stemSynonyms([{type: 'synonym', synonyms: ['postgres', 'pg']}]);
    expect(map.get('pg')).toEqual(['postgr']);
    expect(map.get('postgr')).toEqual(['pg']);
  });

  it('lets a one-way input stand for its synonyms, not the other way round', () => {
    const map = stemSynonyms([
      {type: 'oneWaySynonym', input: 'undo', synonyms: ['roll back', 'revert']},
    ]);
    expect(map.get('undo')).toEqual(['roll', 'back', 'revert']);
    expect(map.has('revert')).toBe(false);
  });

  it('stops start-up with the path and the reason when the file is invalid', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'synonyms-')), 'synonyms.json');
    writeFileSync(file, JSON.stringify([{type: 'synonym', synonyms: ['only-one']}]));
    expect(() => readSynonymsFile(file)).toThrow(/synonyms\.json\[0\]: a synonym record is/);
  });

  it('reads the file the writers maintain beside the docs', () => {
    expect(readSynonymsFile(DEFAULT_SYNONYMS_FILE).get(stem('k8s'))).toContain(stem('kubernetes'));
  });

  it('reads a question half in Indonesian as its subject words, glossed into English', () => {
    expect(questionTerms('boleh nggak pakai axios buat project next.js?')).toEqual(
      questionTerms('axios project next.js'),
    );
    const glosses = readSynonymsFile(DEFAULT_SYNONYMS_FILE);
    expect(questionTerms('deploy gagal, gimana cara balikin?')).toEqual(
      questionTerms('deploy gagal balikin'),
    );
    expect(glosses.get(stem('gagal'))).toContain(stem('failed'));
    expect(glosses.get(stem('balikin'))).toContain(stem('rollback'));
  });
});
