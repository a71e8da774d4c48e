/**
 * What the gate records, one row per reader action. `reader` is already the salted hash
 * (readerHash.ts): an event never carries an e-mail address, a uid or a session.
 */
export type SearchSource = 'modal' | 'page' | 'other';
export type AskAiOutcome = 'answered' | 'refused' | 'failed';

type Base = {readonly at: number; readonly reader: string};

export type SearchEvent = Base & {
  readonly kind: 'search';
  readonly source: SearchSource;
  readonly query: string;
  readonly normalised: string;
  readonly hits: number;
  readonly queryId: string | null;
};

export type SearchClickEvent = Base & {
  readonly kind: 'click';
  readonly queryId: string;
  readonly url: string;
  readonly position: number;
};

export type AskAiQuestionEvent = Base & {
  readonly kind: 'question';
  readonly messageId: string;
  readonly question: string;
  readonly normalised: string;
  readonly outcome: AskAiOutcome;
  readonly cited: readonly string[];
  readonly nearest: string | null;
  readonly firstTextMs: number | null;
  readonly answerer: string;
};

export type AskAiFeedbackEvent = Base & {
  readonly kind: 'answerFeedback';
  readonly messageId: string;
  readonly thumbs: 0 | 1;
  readonly comment: string | null;
  readonly question: string | null;
  readonly cited: readonly string[] | null;
};

export type PageFeedbackEvent = Base & {
  readonly kind: 'pageFeedback';
  readonly page: string;
  readonly helpful: boolean;
  readonly comment: string | null;
};

export type InsightEvent =
  SearchEvent | SearchClickEvent | AskAiQuestionEvent | AskAiFeedbackEvent | PageFeedbackEvent;

/** The UTC day of a time, as the store groups by it. */
export function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * Searches and questions are grouped by this: Unicode-normalised, lower case, one space between
 * words, no trailing punctuation. "How do I deploy?" and "how do i  deploy" are one row.
 */
export function normaliseText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s?.!,;:]+$/u, '');
}
