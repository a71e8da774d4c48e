import type {AnswerRequest, Answerer, Unit} from '../types';
import {escapeMarkdown, sectionLink} from './markdown';
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
      return unit ? [unit] : [];
    });
    if (signal.aborted || units.length === 0) return;
    // A follow-up says which earlier question it builds on.
    if (request.buildsOn) yield `Following up on “${escapeMarkdown(request.buildsOn)}”:\n\n`;
    yield `From ${sectionLink(quote.section)}:\n\n`;
    const [answering, ...context] = units;
    if (answering) yield* wordDeltas(renderQuote([answering]));
    if (context.length > 0 && !signal.aborted) yield* wordDeltas(renderQuote(context));
  }
}

function codeOf(unit: Unit): string {
  const lines = unit.text.split('\n');
  return lines.slice(0, MAX_CODE_LINES).join('\n') + (lines.length > MAX_CODE_LINES ? '\n…' : '');
}

/** Units as one quote: sentences in one paragraph, list items and rows together, code fenced. */
function renderQuote(units: readonly Unit[]): string {
  let out = '';
  units.forEach((unit, index) => {
    const previous = units[index - 1];
    if (unit.kind === 'code') {
      out += `${previous ? '\n' : ''}\`\`\`\n${codeOf(unit)}\n\`\`\`\n`;
      return;
    }
    const listLike = (kind: Unit['kind'] | undefined) => kind === 'item' || kind === 'row';
    if (listLike(unit.kind)) {
      if (previous && !listLike(previous.kind)) out += previous.kind === 'code' ? '\n' : '>\n';
      out += `> - ${unit.markdown}\n`;
      return;
    }
    if (previous?.kind === 'text') {
      out = `${out.replace(/\n$/, '')} ${unit.markdown}\n`;
      return;
    }
    if (previous) out += previous.kind === 'code' ? '\n' : '>\n';
    out += `> ${unit.markdown}\n`;
  });
  return `${out}\n`;
}
