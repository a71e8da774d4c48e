import {z} from 'zod';
import type {Turn} from './types';

/**
 * The body DocSearch's Ask AI screen sends through the AI SDK v5 chat transport:
 * `{id, messages: [{id, role, parts: [{type: 'text', text}]}], trigger, …}`. Unknown keys are
 * allowed (the transport adds its own, DocSearch adds `searchParameters`); what the answer uses
 * is checked strictly, with a reason the reader can act on.
 */

export const MAX_QUESTION_CHARS = 500;
/** A conversation longer than this starts over: answers stay about the handbook, not the chat. */
export const MAX_MESSAGES = 20;
/** The turns before the question that follow-ups may lean on. */
const HISTORY_TURNS = 6;
const MAX_HISTORY_TURN_CHARS = 2_000;

const part = z.looseObject({type: z.string().max(100), text: z.string().optional()});
const message = z.looseObject({
  id: z.string().max(200).optional(),
  role: z.enum(['user', 'assistant', 'system']),
  parts: z.array(part).max(200),
});
const body = z.looseObject({
  id: z.string().max(200).optional(),
  trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
  messages: z
    .array(message)
    .min(1, 'The conversation has no messages.')
    .max(
      MAX_MESSAGES,
      `This conversation is too long (at most ${MAX_MESSAGES} messages): start a new one.`,
    ),
});

export type ChatRequest = {
  readonly chatId: string | null;
  readonly question: string;
  readonly history: readonly Turn[];
};

/** A request Ask AI cannot answer as sent: the gate's error handler makes it a 400 with this reason. */
export class ChatRequestError extends Error {
  override name = 'ChatRequestError';
  readonly statusCode = 400;
}

function textOf(parts: readonly z.infer<typeof part>[]): string {
  return parts
    .filter((piece) => piece.type === 'text' && typeof piece.text === 'string')
    .map((piece) => piece.text)
    .join('\n')
    .trim();
}

export function parseChatRequest(raw: unknown): ChatRequest {
  const parsed = body.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    throw new ChatRequestError(`${issue?.message ?? 'Invalid request.'}${where}`);
  }
  const messages = parsed.data.messages.filter((entry) => entry.role !== 'system');
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'user')
    throw new ChatRequestError('The last message must be the question (role "user").');
  const question = textOf(last.parts);
  if (!question) throw new ChatRequestError('The question is empty.');
  if (question.length > MAX_QUESTION_CHARS)
    throw new ChatRequestError(
      `The question is too long: at most ${MAX_QUESTION_CHARS} characters (it has ${question.length}).`,
    );
  const history = messages
    .slice(0, -1)
    .slice(-HISTORY_TURNS)
    .map((entry) => ({
      role: entry.role as Turn['role'],
      text: textOf(entry.parts).slice(0, MAX_HISTORY_TURN_CHARS),
    }))
    .filter((turn) => turn.text !== '');
  return {chatId: parsed.data.id ?? null, question, history};
}

const feedback = z.looseObject({
  messageId: z.string().min(1).max(200),
  thumbs: z.union([z.literal(0), z.literal(1)], {error: 'thumbs must be 0 or 1'}),
});

export function parseFeedback(raw: unknown): {messageId: string; thumbs: 0 | 1} {
  const parsed = feedback.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ChatRequestError(
      `${issue?.message ?? 'Invalid feedback.'}${issue?.path.length ? ` (${issue.path.join('.')})` : ''}`,
    );
  }
  return {messageId: parsed.data.messageId, thumbs: parsed.data.thumbs};
}
