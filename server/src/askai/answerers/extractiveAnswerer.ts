import type {AnswerRequest, Answerer, Section, Unit} from '../types';
import {escapeMarkdown, sectionLink} from './markdown';
import {tableHead, tableHeaderOf, tableRow} from './quoteTable';
import {refusalText, wordDeltas} from './refusal';

/**
 * The embedded default: answers with the handbook's own words. It quotes the passage the answer
 * plan chose: the answering unit (a sentence, list item, table row or command) first, then the
 * rest of its passage, under a link to its section. No model, nothing invented, fully offline.
 */

/** Lines of a code block shown in an answer; the link leads to the rest. */
const MAX_CODE_LINES = 8;

export class ExtractiveAnswerer implements Answerer {
  readonly kind = 'extractive' as const;

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string> {
    const quote = request.quote;
    if (!request.answerable || quote === null) {
      yield* wordDeltas(refusalText(request));
      return;
    }
    const units = quote.units.flatMap((index) => {
      const unit = quote.section.units[index];
      return unit ? [{...unit, index}] : [];
    });
    if (signal.aborted || units.length === 0) return;
    // A follow-up says which earlier question it builds on.
    if (request.buildsOn) yield `Following up on “${escapeMarkdown(request.buildsOn)}”:\n\n`;
    yield `From ${sectionLink(quote.section)}:\n\n`;
    const [answering, ...rest] = leadWithIntroduction(units);
    if (!answering) return;
    // A sentence that introduces a list is quoted with the items of it the quote holds; an
    // answering table row with the rows that follow it, under one header row.
    const list: typeof rest = [];
    const joins = (unit: Unit & {readonly index: number}) =>
      introduces(answering)
        ? unit.kind === 'item' || unit.kind === 'row'
        : answering.kind === 'row' &&
          unit.kind === 'row' &&
          tableHeaderOf(quote.section, unit.index) ===
            tableHeaderOf(quote.section, answering.index);
    for (const unit of rest) {
      const next = (list.at(-1) ?? answering).index + 1;
      if (unit.index === next && joins(unit)) list.push(unit);
    }
    // Context that introduces what the quote leaves out (a list, a code block) says nothing, and
    // neither does a table's header row alone (every quoted row brings its header row with it).
    const context = rest.filter(
      (unit) =>
        !list.includes(unit) &&
        unit.head !== true &&
        !(introduces(unit) && !units.some((other) => other.index === unit.index + 1)),
    );
    yield* wordDeltas(renderQuote(quote.section, [answering, ...list]));
    if (context.length > 0 && !signal.aborted)
      yield* wordDeltas(renderQuote(quote.section, context));
  }
}

/**
 * A list item or row that answers is quoted under the sentence that introduces its list, when the
 * quote holds that sentence: "…only be started after approval from one of the designated
 * approvers:" and then the approvers, not one approver and then the sentence.
 */
function leadWithIntroduction<T extends Unit & {readonly index: number}>(
  units: readonly T[],
): readonly T[] {
  const [answering, ...rest] = units;
  if (!answering || (answering.kind !== 'item' && answering.kind !== 'row')) return units;
  let start = answering.index;
  while (rest.some((unit) => unit.index === start - 1 && unit.kind === answering.kind)) start--;
  const intro = rest.find((unit) => unit.index === start - 1);
  if (!intro || !introduces(intro)) return units;
  const others = [...rest.filter((unit) => unit !== intro), answering];
  return [intro, ...others.sort((a, b) => a.index - b.index)];
}

/** A sentence that introduces what follows it (it ends with a colon). */
function introduces(unit: Unit): boolean {
  return unit.kind === 'text' && unit.text.trimEnd().endsWith(':');
}

function codeOf(unit: Unit): string {
  const lines = unit.text.split('\n');
  return lines.slice(0, MAX_CODE_LINES).join('\n') + (lines.length > MAX_CODE_LINES ? '\n…' : '');
}

/**
 * Units as one quote: sentences that follow each other on the page in one paragraph, list items
 * together, table rows as a table under their header row, code fenced. Where the quote skips part
 * of the page, the next sentence starts a new paragraph with an ellipsis, so two sentences that
 * are not neighbours never read as one ("…in the Explore view:" then a sentence the skipped code
 * block stood between).
 */
function renderQuote(
  section: Section,
  units: readonly (Unit & {readonly index: number})[],
): string {
  let out = '';
  /** The header row of the table being written, if the last unit was a row of one. */
  let table: number | null = null;
  units.forEach((unit, at) => {
    const previous = units[at - 1];
    const skipped = previous !== undefined && unit.index !== previous.index + 1;
    const header = unit.kind === 'row' ? tableHeaderOf(section, unit.index) : null;
    const inTable = table;
    table = header;
    if (unit.kind === 'code') {
      out += `${previous ? '\n' : ''}\`\`\`\n${codeOf(unit)}\n\`\`\`\n`;
      return;
    }
    if (header !== null) {
      if (header !== inTable) {
        if (previous) out += previous.kind === 'code' ? '\n' : '>\n';
        out += quoteLines(tableHead(section.units[header] as Unit));
      }
      if (unit.index !== header) out += quoteLines(tableRow(unit));
      return;
    }
    const listLike = (kind: Unit['kind'] | undefined) => kind === 'item' || kind === 'row';
    if (listLike(unit.kind)) {
      if (previous && (!listLike(previous.kind) || inTable !== null))
        out += previous.kind === 'code' ? '\n' : '>\n';
      out += `> - ${unit.markdown}\n`;
      return;
    }
    if (previous?.kind === 'text' && !skipped) {
      out = `${out.replace(/\n$/, '')} ${unit.markdown}\n`;
      return;
    }
    if (previous) out += previous.kind === 'code' ? '\n' : '>\n';
    out += `> ${skipped ? '… ' : ''}${unit.markdown}\n`;
  });
  return `${out}\n`;
}

/** Lines inside the quote. */
function quoteLines(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}\n`)
    .join('');
}
