import {createParser, type EventSourceMessage} from 'eventsource-parser';
import {AnswerError, type AnswerRequest, type Answerer, type RetrievedSection} from '../types';
import {refusalText, wordDeltas} from './refusal';

/**
 * The generative answerer: any OpenAI-compatible chat-completions endpoint (vLLM, Ollama,
 * llama.cpp server, Azure OpenAI, OpenAI). The retrieved sections are the only context; the
 * model is told to answer from them alone and to cite them as markdown links, and the citation
 * filter downstream removes any other link. The question and those sections go to the
 * configured endpoint and nowhere else.
 */

export type OpenAiAnswererOptions = {
  /** e.g. `http://127.0.0.1:11434/v1` (no trailing slash). */
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKey: string | null;
  /** The model must start answering within this time … */
  readonly firstTokenTimeoutMs: number;
  /** … and never pause longer than this between pieces. */
  readonly idleTimeoutMs: number;
};

const MAX_SECTION_CHARS = 2_500;

export const SYSTEM_PROMPT = [
  "You answer questions from the software studio's developers using ONLY the handbook sections given below.",
  'Rules:',
  '- Use only facts stated in the sections. Never add knowledge of your own.',
  '- Cite the section of every fact as a markdown link with its URL exactly as given, e.g. [Rollbacks](/docs/workflow/deployment-workflow#rollbacks). Put the most relevant link first.',
  '- If the sections do not answer the question, reply with exactly "I couldn\'t find this in the handbook." and nothing else but the links of the nearest sections.',
  '- Be brief: at most 120 words, plain markdown, commands in code blocks.',
].join('\n');

export class OpenAiAnswerer implements Answerer {
  readonly kind = 'generative' as const;

  constructor(private readonly options: OpenAiAnswererOptions) {}

  async *answer(request: AnswerRequest, signal: AbortSignal): AsyncIterable<string> {
    // No evidence: the model is not asked, so it cannot answer from its own knowledge.
    if (!request.answerable || request.sections.length === 0) {
      yield* wordDeltas(refusalText(request));
      return;
    }
    const upstream = new AbortController();
    const abort = () => upstream.abort();
    signal.addEventListener('abort', abort, {once: true});
    let timer: NodeJS.Timeout | undefined;
    let timedOut: string | null = null;
    const arm = (ms: number, what: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = what;
        upstream.abort();
      }, ms);
    };
    const host = new URL(this.options.baseUrl).host;
    try {
      arm(
        this.options.firstTokenTimeoutMs,
        `did not start answering within ${seconds(this.options.firstTokenTimeoutMs)}`,
      );
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl}/chat/completions`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(this.options.apiKey ? {authorization: `Bearer ${this.options.apiKey}`} : {}),
          },
          body: JSON.stringify({
            model: this.options.model,
            stream: true,
            temperature: 0.1,
            messages: chatMessages(request),
          }),
          signal: upstream.signal,
        });
      } catch (error) {
        if (signal.aborted) return;
        if (timedOut) throw new AnswerError(`The language model ${timedOut}. Try again later.`);
        const cause = (error as Error & {cause?: {code?: string}}).cause?.code;
        throw new AnswerError(
          `The language model at ${host} cannot be reached${cause ? ` (${cause})` : ''}. Try again later.`,
        );
      }
      if (!response.ok || !response.body) {
        const detail = await response.text().catch(() => '');
        throw new AnswerError(
          `The language model at ${host} answered ${response.status}${upstreamMessage(detail)}. Try again later.`,
        );
      }
      for await (const piece of contentDeltas(response.body)) {
        arm(
          this.options.idleTimeoutMs,
          `stopped answering for ${seconds(this.options.idleTimeoutMs)}`,
        );
        if (piece) yield piece;
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof AnswerError) throw error;
      if (timedOut) throw new AnswerError(`The language model ${timedOut}. Try again later.`);
      throw new AnswerError(`The language model's answer broke off (${(error as Error).message}).`);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
      upstream.abort();
    }
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function upstreamMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as {error?: {message?: unknown} | string; message?: unknown};
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : typeof parsed.error?.message === 'string'
          ? parsed.error.message
          : typeof parsed.message === 'string'
            ? parsed.message
            : '';
    return message ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/** The chat: the rules and the sections, the conversation so far, then the question. */
export function chatMessages(request: AnswerRequest): {role: string; content: string}[] {
  return [
    {
      role: 'system',
      content: `${SYSTEM_PROMPT}\n\nHandbook sections:\n\n${request.sections.map(contextOf).join('\n\n')}`,
    },
    ...request.history.map((turn) => ({role: turn.role, content: turn.text})),
    {role: 'user', content: request.question},
  ];
}

function contextOf({section}: RetrievedSection, index: number): string {
  const body = section.units
    .map((unit) => (unit.kind === 'code' ? `\`\`\`\n${unit.text}\n\`\`\`` : unit.text))
    .join('\n')
    .slice(0, MAX_SECTION_CHARS);
  return `[${index + 1}] ${section.trail.join(' › ')}\nURL: ${section.url}\n${body}`;
}

/**
 * The text pieces of an OpenAI-compatible stream: `choices[0].delta.content` of each event,
 * until `finish_reason` or `data: [DONE]`. An `error` object inside a 200 stream is an error.
 */
export async function* contentDeltas(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const queue: string[] = [];
  let done = false;
  let failure: Error | null = null;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (done || failure) return;
      if (event.data.trim() === '[DONE]') {
        done = true;
        return;
      }
      let chunk: {
        error?: {message?: string} | string;
        choices?: {delta?: {content?: string | null}; finish_reason?: string | null}[];
      };
      try {
        chunk = JSON.parse(event.data) as typeof chunk;
      } catch {
        failure = new AnswerError('The language model sent a malformed stream.');
        return;
      }
      if (chunk.error) {
        const message =
          typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'unknown error');
        failure = new AnswerError(
          `The language model failed while answering: ${message.slice(0, 200)}`,
        );
        return;
      }
      const choice = chunk.choices?.[0];
      const content = choice?.delta?.content;
      if (typeof content === 'string' && content) queue.push(content);
      if (choice?.finish_reason) done = true;
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!done && !failure) {
      const {value, done: ended} = await reader.read();
      if (ended) break;
      parser.feed(decoder.decode(value, {stream: true}));
      while (queue.length > 0) yield queue.shift() as string;
    }
    while (queue.length > 0) yield queue.shift() as string;
    if (failure) throw failure;
    if (!done) throw new AnswerError('The language model ended its answer without finishing it.');
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
