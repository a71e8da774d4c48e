import {randomBytes} from 'node:crypto';
import type {SearchEngine} from '@studio-handbook/search/engine';
import {CONTEXT_WEIGHT, planAnswer, type AnswerPlan} from './answerPlan';
import type {ChatRequest} from './chatRequest';
import {CitationFilter} from './citationFilter';
import type {AskAiModel} from './model/weights';
import {
  AnswerError,
  NOT_IN_HANDBOOK,
  type AnswerRequest,
  type Answerer,
  type RetrievedSection,
} from './types';

/**
 * One question, end to end: plan the answer (the search ranks sections, the passage model
 * picks the answering passage, the answerability model decides), let the answerer write, pass
 * every piece through the citation filter, and report what happened as structured events (so
 * writers can find unanswered questions and bad answers).
 */

/**
 * A follow-up has a subject of its own, and is answered as asked when the handbook answers it,
 * when it holds this many words the handbook knows ("what does amber actually mean" holds two,
 * "I pushed the tag myself, can I approve the prod deploy too?" five; "and on staging?" one).
 * Sweep, cross-validated on the 27 fitting sets (follow-ups' right page and facts / first link,
 * bench/README.md): any → 50.2 / 70.9%; 2 → 49.8 / 72.1%; **3 → 49.8 / 73.3%**; never (always
 * the likelier plan) → 46.6 / 74.5%.
 */
export const OWN_SUBJECT_WORDS = 3;

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
    private readonly engine: SearchEngine,
    private readonly model: AskAiModel,
    readonly answerer: Answerer,
    private readonly events: AskAiEventSink,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The plan for a question. A follow-up is planned on its own first, with the pages the
   * previous answer quoted preferred (`conversationPage`): a follow-up with a subject of its own
   * (`OWN_SUBJECT_WORDS`) is answered as asked. Otherwise ("and on staging?"), or when the
   * handbook does not answer it that way, it is planned again leaning on the reader's previous
   * question, and the plan the answerability model trusts more wins. Either way no unit the
   * conversation has quoted already opens the answer. (Cross-validated against always planning
   * both ways and
   * keeping the likelier: bench/README.md, "Ask AI".)
   */
  plan(question: string, history: ChatRequest['history']): AnswerPlan {
    const shown = history
      .filter((turn) => turn.role === 'assistant')
      .map((turn) => turn.text)
      .join('\n');
    const lastAnswer = history.findLast((turn) => turn.role === 'assistant');
    const conversationPages = lastAnswer ? quotedPages(lastAnswer.text) : [];
    const own = planAnswer(this.engine, question, this.model, {shown, conversationPages});
    const previous = history.findLast((turn) => turn.role === 'user');
    if (!previous) return own;
    const ownWords = own.ranking.question.terms.filter((term) => term.known).length;
    if (own.answerable && ownWords >= OWN_SUBJECT_WORDS) return own;
    const leaning = planAnswer(this.engine, question, this.model, {
      context: {text: previous.text, weight: CONTEXT_WEIGHT},
      shown,
      conversationPages,
    });
    return leaning.probability > own.probability ? leaning : own;
  }

  prepare(chat: ChatRequest): PreparedAnswer {
    const started = this.now();
    const messageId = `askai-${randomBytes(9).toString('base64url')}`;
    const question = chat.question;
    const plan = this.plan(question, chat.history);
    const request: AnswerRequest = {
      question,
      history: chat.history,
      sections: plan.sections,
      answerable: plan.answerable,
      quote: plan.quote,
      nearest: plan.nearest,
      buildsOn: plan.buildsOn,
    };
    if (!plan.answerable) {
      this.events({
        event: 'askai.unanswered',
        messageId,
        question,
        nearest: plan.sections.slice(0, 3).map(({section}) => section.url),
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

/**
 * The pages an earlier answer quoted: the targets of its links (every link of an answer is a
 * section it quotes; a refusal's links are only the nearest sections, so a refusal has none).
 */
export function quotedPages(answer: string): string[] {
  if (answer.includes(NOT_IN_HANDBOOK)) return [];
  const pages = new Set<string>();
  // A link's `](` — not an escaped bracket of quoted handbook text (`\](`).
  for (const [, target] of answer.matchAll(/(?<!\\)\]\((\/[^)\s#?]*)/g))
    if (target) pages.add(target);
  return [...pages];
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
