import {stemsOf} from './terms';
import type {RetrievedSection, Section} from './types';

/**
 * Whether the handbook says something about a question, not merely uses its words. A section
 * can hold every word of "Can I get a company phone for my on-call week?" ("company" only in
 * `<company-domain>`, "phone" in a sentence about focus modes, "week" in the rotation) without
 * any sentence about a company phone. So a question word counts as evidence only where the
 * handbook pairs it with the rest of the question: in a passage (one sentence, list item, table
 * row or code block, with its neighbours on either side and the section's headings) that also
 * holds another of its words, or two others when the question has four or more. The
 * rarity-weighted share of the question found that way is the passage coverage.
 */

/** A question word as the answerability check weighs it. */
export type EvidenceTerm = {
  readonly term: string;
  /**
   * The word's own rarity in the handbook (idf); a word the handbook never uses weighs most.
   */
  readonly weight: number;
  /** The stems that may stand for it in the handbook, each with how much a match counts. */
  readonly alternatives: readonly {readonly term: string; readonly factor: number}[];
};

/** The sections searched for a passage: the ones an answer would quote. */
export const EVIDENCE_SECTIONS = 3;
/** Units on either side of a sentence that still count as its passage. */
export const PASSAGE_REACH = 1;
/**
 * The share of the question that passages must hold for the handbook to count as answering it;
 * the same bar as section coverage, measured on bench/ask-ai's judged sets.
 */
export const PASSAGE_COVERAGE = 0.5;

/** How many other question words a passage must hold for a word in it to count. */
export function companionsNeeded(termCount: number): number {
  if (termCount <= 1) return 0;
  return termCount <= 3 ? 1 : 2;
}

/** A section's quotable units (sentences, list items, rows, code blocks) as sets of stems. */
export function unitsOf(section: Section): Set<string>[] {
  const units: Set<string>[] = [];
  for (const block of section.blocks) {
    const pieces =
      block.kind === 'code' || block.text.length <= 240
        ? [block.text]
        : block.text.split(/(?<=[.!?])\s+(?=[A-Z0-9`"(])/);
    for (const piece of pieces) units.push(new Set(stemsOf(piece)));
  }
  return units;
}

/** The weighted share of the question that one section holds in passages pairing its words. */
export function sectionPassageCoverage(section: Section, terms: readonly EvidenceTerm[]): number {
  const total = terms.reduce((sum, {weight}) => sum + weight, 0);
  if (total <= 0) return 0;
  const headings = new Set(stemsOf(section.trail.join(' ')));
  const units = unitsOf(section);
  const passages = units.map((_, index) => {
    const passage = new Set(headings);
    const from = Math.max(0, index - PASSAGE_REACH);
    const to = Math.min(units.length - 1, index + PASSAGE_REACH);
    for (let other = from; other <= to; other += 1)
      for (const stem of units[other] as Set<string>) passage.add(stem);
    return passage;
  });
  if (passages.length === 0) passages.push(headings);
  const needed = companionsNeeded(terms.length);
  const credit = (term: EvidenceTerm, passage: ReadonlySet<string>) =>
    Math.max(0, ...term.alternatives.filter((a) => passage.has(a.term)).map((a) => a.factor));
  let held = 0;
  for (const term of terms) {
    let best = 0;
    for (const passage of passages) {
      const factor = credit(term, passage);
      if (factor <= best) continue;
      const companions = terms.filter((other) => other !== term && credit(other, passage) > 0);
      if (companions.length >= needed) best = factor;
    }
    held += best * term.weight;
  }
  return held / total;
}

/** The best passage coverage among the first sections retrieval returned. */
export function passageCoverage(
  sections: readonly RetrievedSection[],
  terms: readonly EvidenceTerm[],
): number {
  let best = 0;
  for (const {section} of sections.slice(0, EVIDENCE_SECTIONS))
    best = Math.max(best, sectionPassageCoverage(section, terms));
  return best;
}
