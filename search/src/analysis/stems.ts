import {stemmer} from 'stemmer';

/**
 * English stems (Porter's algorithm, the `stemmer` package): "hotfixes" meets "hotfix" and
 * "approvals" meets "approve". Only words of letters long enough for a suffix to mean something
 * are stemmed; a number or an identifier fragment stays as it is.
 */
const STEMMABLE = /^\p{L}{3,}$/u;

export function stemOf(word: string): string | null {
  return STEMMABLE.test(word) ? stemmer(word) : null;
}
