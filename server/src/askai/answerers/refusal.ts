import {NOT_IN_HANDBOOK, type AnswerRequest} from '../types';
import {sectionLink} from './markdown';

/**
 * The answer when the handbook has none: the exact opening, then the nearest sections when
 * some share the question's subject (its rarest word the handbook knows), else a pointer to
 * people.
 */
export function refusalText(request: AnswerRequest): string {
  const nearest = request.nearest.slice(0, 2);
  if (nearest.length === 0)
    return `${NOT_IN_HANDBOOK} Try other words, or ask in the team's channel.`;
  const links = nearest.map(({section}) => sectionLink(section)).join(' and ');
  return `${NOT_IN_HANDBOOK} The nearest sections are ${links}.`;
}

/** Streams a text in word-sized deltas, as a model would. */
export function* wordDeltas(text: string): Iterable<string> {
  const parts = text.match(/\S+\s*|\s+/g) ?? [];
  for (let index = 0; index < parts.length; index += 4)
    yield parts.slice(index, index + 4).join('');
}
