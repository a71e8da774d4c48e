import {randomBytes} from 'node:crypto';
import {hasExpectedAnswer} from './answerType';
import type {ChatRequest} from './chatRequest';
import {CitationFilter} from './citationFilter';
import {PASSAGE_COVERAGE, passageCoverage} from './passageEvidence';
import type {SectionRetriever} from './retriever';
import {questionTerms} from './terms';
import {
  AnswerError,
  type AnswerRequest,
  type Answerer,
  type RetrievedSection,
  type WeightedTerm,
} from './types';

/**
 * One question, end to end: retrieve the sections, decide whether the handbook answers it, let
 * the answerer write, pass every piece through the citation filter, and report what happened
 * as structured events (so writers can find unanswered questions and bad answers).
 */

/** Sections handed to the answerer (and the only ones an answer may link). */
const SECTIONS = 5;
/**
 * The share of the question's (rarity-weighted) terms the best section must hold for the
 * handbook to count as answering it. Measured on bench/ask-ai's judged questions.
 */
export const ANSWERABLE_COVERAGE = 0.5;
/** A follow-up with this few meaningful words leans on the previous question. */
const FOLLOW_UP_TERMS = 2;
/** How much the earlier question's words count when picking a follow-up's sentences. */
const CONTEXT_WEIGHT = 0.3;

/** Sections near the top that may take the lead when the best-ranked one misses the question. */
const LEAD_CANDIDATES = 3;

/**
 * The handbook answers when one section holds most of the question, and that section should be
 * the one the answer quotes: when the best-ranked section does not (Git › "Undo the last commit"
 * for "How do I undo a bad production release?", a heading that names one word of it), the
 * first of the next ones that does takes the lead (Deployment workflow › "Rollback with Helm").
 */
export function coveringFirst(sections: readonly RetrievedSection[]): RetrievedSection[] {
  const [first] = sections;
  if (first === undefined || first.coverage >= ANSWERABLE_COVERAGE) return [...sections];
  const lead = sections
    .slice(1, LEAD_CANDIDATES)
    .find((candidate) => candidate.coverage >= ANSWERABLE_COVERAGE);
  return lead === undefined ? [...sections] : [lead, ...sections.filter((s) => s !== lead)];
}

export type AskAiEvent =
  | {
      event: 'askai.answer';
      messageId: string;
      question: string;
      answerer: Answerer['kind'];
      answerable: boolean;
      cited: string[];
      removedLinks: string[];
      ms: number;
    }
  | {event: 'askai.unanswered'; messageId: string; question: string; nearest: string[]}
  | {event: 'askai.error'; messageId: string; question: string; error: string}
  | {
      event: 'askai.feedback';
      messageId: string;
      thumbs: 0 | 1;
      question: string | null;
      cited: string[] | null;
    };

export type AskAiEventSink = (event: AskAiEvent) => void;

export type PreparedAnswer = {
  readonly messageId: string;
  readonly request: AnswerRequest;
  /** The answer text, filtered, as it should reach the reader. */
  readonly text: (signal: AbortSignal) => AsyncIterable<string>;
};

type Remembered = {question: string; cited: string[]};
const REMEMBERED_ANSWERS = 1_000;

export class AskAiService {
  /** messageId → question, so that feedback can be logged with the question it is about. */
  private readonly recent = new Map<string, Remembered>();

  constructor(
    private readonly retriever: SectionRetriever,
    readonly answerer: Answerer,
    private readonly events: AskAiEventSink,
    private readonly now: () => number = Date.now,
  ) {}

  prepare(chat: ChatRequest): PreparedAnswer {
    const started = this.now();
    const messageId = `askai-${randomBytes(9).toString('base64url')}`;
    const question = chat.question;
    let query = question;
    let sections = this.retriever.retrieve(question, {limit: SECTIONS});
    const previous = [...chat.history].reverse().find((turn) => turn.role === 'user');
    if (previous) {
      const leaning = `${previous.text} ${question}`;
      const short = questionTerms(question).length <= FOLLOW_UP_TERMS;
      if (short || (sections[0]?.coverage ?? 0) < ANSWERABLE_COVERAGE) {
        const withContext = this.retriever.retrieve(leaning, {limit: SECTIONS});
        if (short || (withContext[0]?.coverage ?? 0) > (sections[0]?.coverage ?? 0)) {
          sections = withContext;
          query = leaning;
        }
      }
    }
    sections = coveringFirst(sections);
    const top = sections[0];
    const terms =
      query === question ? this.retriever.weigh(question) : this.followUpTerms(question, query);
    const evidence = this.retriever.evidenceTerms(query);
    // The handbook answers when one section holds most of the question, passages there pair
    // its words (not merely use them apart) and, for a question that asks for a figure ("how
    // long", "how many"), a passage near its words gives one.
    const answerable =
      top !== undefined &&
      top.coverage >= ANSWERABLE_COVERAGE &&
      passageCoverage(sections, evidence) >= PASSAGE_COVERAGE &&
      hasExpectedAnswer(question, sections, evidence);
    const request: AnswerRequest = {
      question,
      history: chat.history,
      sections,
      terms,
      answerable,
    };
    if (!answerable) {
      this.events({
        event: 'askai.unanswered',
        messageId,
        question,
        nearest: sections.slice(0, 3).map(({section}) => section.url),
      });
    }
    return {
      messageId,
      request,
      text: (signal) => this.filtered(messageId, request, started, signal),
    };
  }

  private async *filtered(
    messageId: string,
    request: AnswerRequest,
    started: number,
    signal: AbortSignal,
  ): AsyncIterable<string> {
    const filter = new CitationFilter(allowedLinks(request.sections));
    try {
      for await (const delta of this.answerer.answer(request, signal)) {
        const shown = filter.push(delta);
        if (shown) yield shown;
      }
      const rest = filter.flush();
      if (rest) yield rest;
    } catch (error) {
      this.events({
        event: 'askai.error',
        messageId,
        question: request.question,
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
    this.remember(messageId, {question: request.question, cited: filter.cited});
    this.events({
      event: 'askai.answer',
      messageId,
      question: request.question,
      answerer: this.answerer.kind,
      answerable: request.answerable,
      cited: filter.cited,
      removedLinks: filter.removed,
      ms: this.now() - started,
    });
  }

  /**
   * A follow-up is answered about what it asks: its own words weigh fully, the earlier
   * question's only enough to keep the answer on its subject.
   */
  private followUpTerms(question: string, withContext: string): WeightedTerm[] {
    const own = this.retriever.weigh(question);
    const seen = new Set(own.map(({term}) => term));
    const context = this.retriever
      .weigh(withContext)
      .filter(({term}) => !seen.has(term))
      .map(({term, weight}) => ({term, weight: weight * CONTEXT_WEIGHT}));
    return [...own, ...context];
  }

  feedback(messageId: string, thumbs: 0 | 1): void {
    const remembered = this.recent.get(messageId);
    this.events({
      event: 'askai.feedback',
      messageId,
      thumbs,
      question: remembered?.question ?? null,
      cited: remembered?.cited ?? null,
    });
  }

  private remember(messageId: string, value: Remembered) {
    this.recent.set(messageId, value);
    if (this.recent.size > REMEMBERED_ANSWERS) {
      const oldest = this.recent.keys().next().value;
      if (oldest !== undefined) this.recent.delete(oldest);
    }
  }
}

function allowedLinks(sections: readonly RetrievedSection[]): string[] {
  return sections.map(({section}) => section.url);
}

/** What the reader sees when an answer fails: an answer error as it is, anything else generic. */
export function describeAnswerError(error: unknown): string {
  return error instanceof AnswerError
    ? error.message
    : 'Ask AI failed while answering. Try again, or use the search results.';
}
