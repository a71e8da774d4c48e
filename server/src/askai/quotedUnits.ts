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

/**
 * The units of the quoted section the passage model rates best, this many counting the best,
 * are quoted in a follow-up even when the conversation showed them already: "what happens when
 * a client goes over?" after Kong's rate limits asks for the 429 sentence the first answer
 * quoted as context. Every other unit shown already is left out. Sweep on the 27 conversation
 * sets, cross-validated (bench/README.md, "Ask AI", session 31), follow-ups' right page and
 * facts: 1 (before) 64.7%; 2 → 67.9%; **3 → 69.3%**; 4 → 69.8%; 5 → 70.1%, where answers that
 * repeat the previous one word for word rise from 13 to 40 (4) and 77 (5) of 1,076 in process.
 * The rule written before measuring chose between 2 and 3.
 */
export const ANSWERING_UNITS = 3;

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
 * YAML. A table's header row ("Port | What listens there | Started by") gives way the same way
 * to the best-rated row. A section of code alone still opens with its code.
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
  // repeat the whole earlier answer. The units rated best (`ANSWERING_UNITS`) are quoted all
  // the same: they are what the follow-up asks for.
  const fresh = (unit: number) =>
    shown === '' || !shown.includes(comparable(section.units[unit]?.text ?? ''));
  // A code block or a table's header row does not open an answer when a sentence can.
  const opensBadly = (unit: number) =>
    section.units[unit]?.kind === 'code' || section.units[unit]?.head === true;
  const lead = opensBadly(best.unit)
    ? (passages.find(
        (other) => other.section === best.section && !opensBadly(other.unit) && fresh(other.unit),
      )?.unit ?? best.unit)
    : best.unit;
  const chosen = new Set([lead, best.unit]);
  for (const unit of [best.unit - 1, best.unit + 1])
    if (unit >= 0 && unit < count && chosen.size < MAX_QUOTED && fresh(unit)) chosen.add(unit);
  let rank = 0;
  for (const other of passages) {
    if (chosen.size >= MAX_QUOTED) break;
    if (other.section !== best.section) continue;
    rank += 1;
    if (rank <= ANSWERING_UNITS || fresh(other.unit)) chosen.add(other.unit);
  }
  for (const unit of [...chosen].sort((a, b) => a - b)) {
    let at = unit;
    while (at + 1 < count && RUNS_ON.test(section.units[at]?.text.trimEnd() ?? ''))
      chosen.add(++at);
  }
  chosen.delete(lead);
  return [lead, ...[...chosen].sort((a, b) => a - b)];
}
