/**
 * The shapes Ask AI works with. One interface, `Answerer`, has two implementations: the
 * extractive answerer (the embedded default: quotes the handbook, no model) and the generative
 * one (an OpenAI-compatible endpoint the operator configured).
 */

/** A section of the handbook: the text under one heading, up to the next heading. */
export type Section = {
  /** Same-origin path with the heading's anchor: `/docs/workflow/deployment-workflow#rollbacks`. */
  readonly url: string;
  /** The page's path without anchor. */
  readonly page: string;
  /** The page title (lvl1). */
  readonly pageTitle: string;
  /** The heading of this section; the page title for the text before the first h2. */
  readonly heading: string;
  /** The headings above it, page title first. */
  readonly trail: readonly string[];
  /** The ids of its heading and of the h4–h6 headings inside it. */
  readonly anchors: readonly string[];
  /** Paragraphs, list items, table rows and code lines, in page order. */
  readonly blocks: readonly Block[];
};

export type Block = {
  /** A paragraph, a list item, a table row (cells joined by ` | `), or a code block. */
  readonly kind: 'text' | 'item' | 'row' | 'code';
  /** Plain text, for matching. */
  readonly text: string;
  /** The same as markdown, for quoting: inline code as code spans, the rest escaped. */
  readonly markdown: string;
};

/** A section retrieval returned for a question, best first. */
export type RetrievedSection = {
  readonly section: Section;
  readonly score: number;
  /**
   * How much of the question the section covers: the rarity-weighted share of the question's
   * meaningful terms found in it or its headings, 0 to 1.
   */
  readonly coverage: number;
};

export type WeightedTerm = {readonly term: string; readonly weight: number};

export type Turn = {readonly role: 'user' | 'assistant'; readonly text: string};

export type AnswerRequest = {
  /** The reader's latest question. */
  readonly question: string;
  /** The conversation before it, oldest first (already capped). */
  readonly history: readonly Turn[];
  /** What retrieval found, best first; the only material an answer may use or cite. */
  readonly sections: readonly RetrievedSection[];
  /** The question's meaningful stems with their rarity weights (what matters most, first). */
  readonly terms: readonly WeightedTerm[];
  /** Retrieval's verdict: false when no section covers the question well enough. */
  readonly answerable: boolean;
};

/** Turns retrieved sections into answer text, streamed as markdown deltas. */
export interface Answerer {
  readonly kind: 'extractive' | 'generative';
  answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string>;
}

/** The exact opening of every answer that the handbook cannot give. */
export const NOT_IN_HANDBOOK = "I couldn't find this in the handbook.";

/** An error the reader should see as it is (an unreachable endpoint, a timeout). */
export class AnswerError extends Error {
  override name = 'AnswerError';
}
