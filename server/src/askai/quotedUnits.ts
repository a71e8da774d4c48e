import type {Passage} from './passages';
import type {Section} from './types';

/**
 * What an extractive answer quotes of the section its plan chose: which units, in which order.
 * It reads a plan's passages, never changes one, and no model is fitted on it (the fit reads a
 * plan's features, not its quote), so a change here leaves every fitted weight as it was
 * (bench/ask-ai-fit/foldModels.ts relies on this).
 */

/** Units quoted at most: about a paragraph (sweep in bench/README.md, "Ask AI"). */
export const MAX_QUOTED = 5;

/** Text as a reader compares it: no markdown marks, one space, lower case. */
export function comparable(text: string): string {
  return text
    .replace(/\\([\\`*_[\]<>])/g, '$1')
    .replace(/[`>*]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/**
 * A unit that runs on into the next one: a list item or sentence that ends with "and", "or" or a
 * comma ("…Mobile Lead (depending on the service or app), **and**" before the second approver).
 * Quoted without its next unit it would stop mid-sentence.
 */
const RUNS_ON = /(?:,|\band|\bor)$/i;

/**
 * The answering unit first; then, in page order, the rest of its passage (the units on either
 * side) and the section's other units the passage model rates best, `MAX_QUOTED` in all, plus
 * the next unit of any that runs on into it.
 *
 * An answer opens with a sentence, never a code block: when the passage model rates a code block
 * best, the section's best-rated sentence (or list item, or row) leads and the code block follows
 * it, so the reader meets "This rule pages the on-call engineer when more than 2%…" before the
 * YAML. A section of code alone still opens with its code.
 */
export function quotedUnits(
  best: Passage,
  passages: readonly Passage[],
  section: Section,
  shown: string,
): number[] {
  const count = section.units.length;
  // In a conversation, what was quoted already is not quoted again as context: a follow-up may
  // open with the same sentence ("30 days for production and 7 days for staging"), never
  // repeat the whole earlier answer.
  const fresh = (unit: number) =>
    shown === '' || !shown.includes(comparable(section.units[unit]?.text ?? ''));
  const isCode = (unit: number) => section.units[unit]?.kind === 'code';
  const lead = isCode(best.unit)
    ? (passages.find(
        (other) => other.section === best.section && !isCode(other.unit) && fresh(other.unit),
      )?.unit ?? best.unit)
    : best.unit;
  const chosen = new Set([lead, best.unit]);
  for (const unit of [best.unit - 1, best.unit + 1])
    if (unit >= 0 && unit < count && chosen.size < MAX_QUOTED && fresh(unit)) chosen.add(unit);
  for (const other of passages) {
    if (chosen.size >= MAX_QUOTED) break;
    if (other.section === best.section && fresh(other.unit)) chosen.add(other.unit);
  }
  for (const unit of [...chosen].sort((a, b) => a - b)) {
    let at = unit;
    while (at + 1 < count && RUNS_ON.test(section.units[at]?.text.trimEnd() ?? ''))
      chosen.add(++at);
  }
  chosen.delete(lead);
  return [lead, ...[...chosen].sort((a, b) => a - b)];
}
