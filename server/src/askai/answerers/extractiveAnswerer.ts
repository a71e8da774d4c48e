import {stemsOf} from '../terms';
import type {AnswerRequest, Answerer, Block, Section} from '../types';
import {sectionLink} from './markdown';
import {refusalText, wordDeltas} from './refusal';

/**
 * The embedded default: answers with the handbook's own words. It quotes the few sentences,
 * list items or commands of the best section that share the most (rarity-weighted) terms with
 * the question, links that section first, and offers the runners-up as further reading.
 * No model, nothing invented, fully offline.
 */

const MAX_UNITS = 5;
const MAX_ANSWER_CHARS = 900;
const MAX_CODE_LINES = 8;
/** List items quoted after a sentence that announces them. */
const MAX_LISTED = 6;
/** The share of the question a heading must name for its section's opening to be the answer. */
const HEADING_SHARE = 0.5;
const MAX_OPENING_UNITS = 6;
/** Sections whose sentences compete for the answer, and the discount per rank. */
const CANDIDATE_SECTIONS = 3;
const RANK_DISCOUNT = 0.8;
/** Another section's sentences win only when clearly better than the best section's. */
const SWITCH_RATIO = 1.15;
/** A runner-up is offered as further reading only when it is nearly as good as the best. */
const SEE_ALSO_RATIO = 0.6;

type Unit = {
  readonly kind: Block['kind'];
  readonly text: string;
  readonly markdown: string;
  readonly order: number;
};

export class ExtractiveAnswerer implements Answerer {
  readonly kind = 'extractive' as const;

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string> {
    if (!request.answerable || request.sections.length === 0) {
      yield* wordDeltas(refusalText(request));
      return;
    }
    const weights = new Map(request.terms.map(({term, weight}) => [term, weight]));
    // The answer may sit in a sub-section of the best match (a "Backups" intro, then "Logical
    // backups" with the retention): the top few sections of the best page compete sentence by
    // sentence, each discounted by its rank.
    const candidates = request.sections.slice(0, CANDIDATE_SECTIONS).map((retrieved, rank) => {
      const units = unitsOf(retrieved.section.blocks);
      const discount = RANK_DISCOUNT ** rank;
      const scores = units.map((unit) => discount * scoreOf(unit.text, weights));
      return {retrieved, units, scores, best: Math.max(0, ...scores)};
    });
    const first = candidates[0];
    if (!first) return;
    const headingShareOf = (section: Section) =>
      scoreOf(section.trail.slice(1).join(' '), weights) / Math.max(1e-9, totalWeight(weights));
    // The best section keeps the answer when its heading names the question ("Step 6: WireGuard
    // VPN" for "where do I get a WireGuard config"), even if a sibling has a wordier sentence.
    const keepFirst = headingShareOf(first.retrieved.section) >= HEADING_SHARE;
    const primary = keepFirst
      ? first
      : candidates.reduce(
          (winner, candidate) =>
            candidate.best > winner.best * SWITCH_RATIO &&
            candidate.retrieved.coverage >= 0.5 &&
            candidate.retrieved.section.page === first.retrieved.section.page
              ? candidate
              : winner,
          first,
        );
    const section = primary.retrieved.section;
    // A section whose heading names the question ("Step 6: WireGuard VPN" for "how do I set up
    // the VPN") is the answer from its first line: quote its opening in order.
    const headingShare = headingShareOf(section);
    const chosen =
      headingShare >= HEADING_SHARE && section.heading !== section.pageTitle
        ? opening(primary.units)
        : choose(primary.units, primary.scores);

    if (signal.aborted) return;
    yield `From ${sectionLink(primary.retrieved.section)}:\n\n`;
    if (signal.aborted) return;
    yield* wordDeltas(renderQuote(chosen));
    const seeAlso = request.sections
      .filter((candidate) => candidate.section.url !== primary.retrieved.section.url)
      .filter(
        (candidate) =>
          candidate.score >= (request.sections[0]?.score ?? 0) * SEE_ALSO_RATIO &&
          candidate.coverage >= 0.5,
      )
      .slice(0, 2);
    if (seeAlso.length > 0) {
      yield `See also ${seeAlso.map(({section}) => sectionLink(section)).join(' and ')}.`;
    }
  }
}

function totalWeight(weights: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const weight of weights.values()) total += weight;
  return total;
}

/** A section's first units, in order, within the length budget. */
function opening(units: readonly Unit[]): Unit[] {
  const chosen: Unit[] = [];
  let length = 0;
  for (const unit of units) {
    if (chosen.length >= MAX_OPENING_UNITS) break;
    if (length + unit.text.length > MAX_ANSWER_CHARS && chosen.length > 0) break;
    chosen.push(unit);
    length += unit.text.length;
  }
  return chosen;
}

/** The best units of a section, with what they announce, in page order. */
function choose(units: readonly Unit[], scores: readonly number[]): Unit[] {
  const chosen: Unit[] = [];
  let length = 0;
  const ranked = units
    .map((unit, index) => ({unit, score: scores[index] ?? 0}))
    .sort((a, b) => b.score - a.score || a.unit.order - b.unit.order);
  for (const {unit, score} of ranked) {
    if (chosen.length >= MAX_UNITS || score <= 0) break;
    if (length + unit.text.length > MAX_ANSWER_CHARS && chosen.length > 0) continue;
    chosen.push(unit);
    length += unit.text.length;
  }
  // A section that matched through its heading: its opening lines are the answer.
  if (chosen.length === 0) chosen.push(...units.slice(0, 2));
  // A sentence that announces a list or a command ("…a short description:") comes with it;
  // a command right after a chosen sentence usually is the "how".
  for (const unit of [...chosen]) {
    if (unit.kind === 'code') continue;
    const announces = unit.text.trimEnd().endsWith(':');
    for (let next = unit.order + 1; next < units.length; next += 1) {
      const follower = units[next] as Unit;
      if (chosen.includes(follower)) continue;
      const listed =
        (follower.kind === 'item' || follower.kind === 'row') &&
        announces &&
        next - unit.order <= MAX_LISTED;
      const command = follower.kind === 'code' && next === unit.order + 1;
      if (!listed && !command) break;
      chosen.push(follower);
      if (command) break;
    }
  }
  return chosen.sort((a, b) => a.order - b.order);
}

/** Blocks cut into quotable units: long paragraphs into sentences, code blocks capped. */
function unitsOf(blocks: readonly Block[]): Unit[] {
  const units: Unit[] = [];
  for (const block of blocks) {
    if (block.kind === 'code') {
      const lines = block.text.split('\n');
      const text =
        lines.slice(0, MAX_CODE_LINES).join('\n') + (lines.length > MAX_CODE_LINES ? '\n…' : '');
      units.push({kind: 'code', text, markdown: text, order: units.length});
      continue;
    }
    const pieces = block.markdown.length > 240 ? splitSentences(block.markdown) : [block.markdown];
    for (const markdown of pieces)
      units.push({kind: block.kind, text: plainOf(markdown), markdown, order: units.length});
  }
  return units;
}

/** Quoted markdown back to the words a reader sees (for matching). */
function plainOf(markdown: string): string {
  return markdown.replace(/\\([\\`*_[\]<>])/g, '$1').replace(/`/g, '');
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[A-Z0-9`"(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

function scoreOf(text: string, weights: ReadonlyMap<string, number>): number {
  const seen = new Set<string>();
  let score = 0;
  for (const term of stemsOf(text)) {
    if (seen.has(term)) continue;
    seen.add(term);
    score += weights.get(term) ?? 0;
  }
  return score;
}

/** The chosen units as one quote: paragraphs apart, list items together, code fenced. */
function renderQuote(units: readonly Unit[]): string {
  let out = '';
  units.forEach((unit, index) => {
    const previous = units[index - 1];
    if (unit.kind === 'code') {
      out += `${previous ? '\n' : ''}\`\`\`\n${unit.text}\n\`\`\`\n`;
      return;
    }
    const listLike = (kind: Unit['kind'] | undefined) => kind === 'item' || kind === 'row';
    const together = listLike(unit.kind) && listLike(previous?.kind);
    if (previous) out += together ? '' : previous.kind === 'code' ? '\n' : '>\n';
    out += listLike(unit.kind) ? `> - ${unit.markdown}\n` : `> ${unit.markdown}\n`;
  });
  return `${out}\n`;
}
