import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {REPLACEMENTS, modalFile, patch} from '../../scripts/patch-docsearch.mjs';

type Replacement = {name: string; from: string; to: string};
const replacements = REPLACEMENTS as Replacement[];
const patchSource = patch as (source: string) => string;

describe('the @docsearch/react 4.7.0 fixes', () => {
  it('are applied to the modal Docusaurus bundles', () => {
    const installed = readFileSync(modalFile() as string, 'utf8');
    for (const {name, from, to} of replacements) {
      expect(installed.includes(to), name).toBe(true);
      expect(installed.includes(from), name).toBe(false);
    }
  });

  it('refuses a modal in which a fix does not match exactly once', () => {
    expect(() => patchSource('function modal(){}')).toThrow(/expected 1 match, found 0/);
    const twice = replacements.map(({from}) => `${from};${from}`).join(';');
    expect(() => patchSource(twice)).toThrow(/expected 1 match, found 2/);
  });

  it('patches once and leaves a patched modal alone', () => {
    const source = replacements.map(({from}) => from).join(';');
    const once = patchSource(source);
    expect(patchSource(once)).toBe(once);
  });
});
