import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {PATCHED_FILES, patch} from '../../scripts/patch-docsearch.mjs';

type Replacement = {name: string; from: string; to: string};
const files = PATCHED_FILES as {file: () => string; replacements: Replacement[]}[];
const patchSource = patch as (source: string, replacements: Replacement[]) => string;

describe.each(files.map(({file, replacements}) => ({name: file(), file, replacements})))(
  'the @docsearch/react 4.7.0 fixes of $name',
  ({file, replacements}) => {
    it('are applied to the file Docusaurus bundles', () => {
      const installed = readFileSync(file(), 'utf8');
      for (const {name, from, to} of replacements) {
        expect(installed.includes(to), name).toBe(true);
        expect(installed.includes(from), name).toBe(false);
      }
    });

    it('refuse a file in which a fix does not match exactly once', () => {
      expect(() => patchSource('function modal(){}', replacements)).toThrow(
        /expected 1 match, found 0/,
      );
      const twice = replacements.map(({from}) => `${from};${from}`).join(';');
      expect(() => patchSource(twice, replacements)).toThrow(/expected 1 match, found 2/);
    });

    it('patch once and leave a patched file alone', () => {
      const source = replacements.map(({from}) => from).join(';');
      const once = patchSource(source, replacements);
      expect(patchSource(once, replacements)).toBe(once);
    });
  },
);
