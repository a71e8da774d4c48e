/**
 * The shapes Ask AI works with. One interface, `Answerer`, has two implementations: the
 * extractive answerer (the embedded default: quotes the handbook, no model) and the generative
 * one (an OpenAI-compatible endpoint the operator configured).
 */

import type {Section, Unit} from '@studio-handbook/search/sections';

/** A section of the handbook (built at index time by search/: heading trail, units, kind). */
export type {Section, Unit};

/** A section the search ranked for a question, best first. */
export type RetrievedSection = {
  readonly section: Section;
  /** The section ranking's score (its fitted utility: differences between sections are log odds). */
  readonly score: number;
};

/** What an extractive answer quotes: units of one section, the answering unit first. */
export type Quote = {
  readonly section: Section;
  /** Indices into `section.units`: the answering unit, then the rest of its passage. */
  readonly units: readonly number[];
};

export type Turn = {readonly role: 'user' | 'assistant'; readonly text: string};

export type AnswerRequest = {
  /** The reader's latest question. */
  readonly question: string;
  /** The conversation before it, oldest first (already capped). */
  readonly history: readonly Turn[];
  /** What the search ranked, best first (the quoted section first); all an answer may cite. */
  readonly sections: readonly RetrievedSection[];
  /** The verdict: false when the handbook does not answer the question. */
  readonly answerable: boolean;
  /** The passage that answers it (null when none was found). */
  readonly quote: Quote | null;
  /** Sections offered with a refusal: those that share the question's subject. */
  readonly nearest: readonly RetrievedSection[];
  /** For a follow-up: the earlier question the answer builds on (shown to the reader). */
  readonly buildsOn?: string | null;
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
