import {stemsOf} from '../terms';
import type {AnswerRequest, Answerer, Block, Section} from '../types';
import {sectionLink} from './markdown';
import {refusalText, wordDeltas} from './refusal';

/**
 * The embedded default: answers with the handbook's own words. It quotes the few sentences,
 * list items or commands of the best section that share the most (rarity-weighted) terms with
 * the question, links that section first, adds the one passage of a runner-up that holds most
 * of what the quote lacks, and offers the other runners-up as further reading.
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
/** Sections after the first that may add one passage the quote lacks. */
const COMPLEMENT_SECTIONS = 2;
/**
 * The rarity-weighted share of the question a passage must add, in words the quote does not
 * hold yet, to be quoted as well. Measured on bench/ask-ai's judged sets.
 */
const COMPLEMENT_SHARE = 0.1;
/** A complement comes from a section that holds at least this share of the question. */
const COMPLEMENT_COVERAGE = 0.5;
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
    const [top] = request.sections;
    if (!top) return;
    const section = top.section;
    const units = unitsOf(section.blocks);
    const scores = units.map((unit) => scoreOf(unit.text, weights));
    // A section whose heading names the question ("Step 6: WireGuard VPN" for "how do I set up
    // the VPN") is the answer from its first line: quote its opening in order.
    const headingShare =
      scoreOf(section.trail.slice(1).join(' '), weights) / Math.max(1e-9, totalWeight(weights));
    const chosen =
      headingShare >= HEADING_SHARE && section.heading !== section.pageTitle
        ? opening(units)
        : choose(units, scores);

    if (signal.aborted) return;
    yield `From ${sectionLink(section)}:\n\n`;
    if (signal.aborted) return;
    yield* wordDeltas(renderQuote(chosen));
    // The best section answers, but the question's other half may sit beside it (the rule in
    // one section, the command or the figure in the next): the one passage of the runners-up
    // that adds the most of the question not quoted yet comes with it, under its own link.
    const complement = complementOf(request, chosen, weights);
    if (complement && !signal.aborted) {
      yield `Also from ${sectionLink(complement.section)}:\n\n`;
      yield* wordDeltas(renderQuote([complement.unit]));
    }
    const seeAlso = request.sections
      .filter(
        (candidate) =>
          candidate.section.url !== section.url &&
          candidate.section.url !== complement?.section.url,
      )
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

/** The runner-up passage that adds the most of the question to the quote, if enough. */
function complementOf(
  request: AnswerRequest,
  quoted: readonly Unit[],
  weights: ReadonlyMap<string, number>,
): {section: Section; unit: Unit} | null {
  const said = new Set(quoted.flatMap((unit) => stemsOf(unit.text)));
  let best: {section: Section; unit: Unit; gain: number} | null = null;
  for (const candidate of request.sections.slice(1, 1 + COMPLEMENT_SECTIONS)) {
    if (candidate.coverage < COMPLEMENT_COVERAGE) continue;
    for (const unit of unitsOf(candidate.section.blocks)) {
      if (unit.kind === 'code') continue;
      const gain = scoreOf(unit.text, weights, said);
      if (gain > (best?.gain ?? 0)) best = {section: candidate.section, unit, gain};
    }
  }
  return best && best.gain / Math.max(1e-9, totalWeight(weights)) >= COMPLEMENT_SHARE ? best : null;
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

/** The rarity-weighted question terms a text holds, each once, leaving out those `known`. */
function scoreOf(
  text: string,
  weights: ReadonlyMap<string, number>,
  known: ReadonlySet<string> = new Set(),
): number {
  const seen = new Set<string>(known);
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
