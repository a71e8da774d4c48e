import {z} from 'zod';

/**
 * The events a reader's browser sends to `POST /__insights/events`: page feedback ("Was this
 * page helpful?"), a click on a search result in the modal, and a comment on an Ask AI answer
 * voted down. Checked strictly, each failure with a reason; nothing unchecked reaches the store.
 */
export const EVENTS_BODY_LIMIT = 8 * 1024;
export const MAX_COMMENT_CHARS = 1_000;
export const MAX_PATH_CHARS = 500;
/** The modal shows at most a few dozen hits; a position past this is not a real click. */
export const MAX_POSITION = 1_000;

// C0 and C1 control characters other than tab and line breaks: nothing a person types.
// eslint-disable-next-line no-control-regex -- the point of the expression
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const comment = z
  .string({error: 'comment must be text'})
  .max(MAX_COMMENT_CHARS, `comment must be at most ${MAX_COMMENT_CHARS} characters`)
  .refine((text) => !CONTROL.test(text), 'comment must not contain control characters')
  .transform((text) => text.trim());

const sitePath = (field: string) =>
  z
    .string({error: `${field} must be text`})
    .max(MAX_PATH_CHARS, `${field} must be at most ${MAX_PATH_CHARS} characters`)
    .regex(/^\/(?!\/)[^\s\\]*$/, `${field} must be a path on this site, such as /docs/tools/git`)
    .refine((text) => !CONTROL.test(text), `${field} must not contain control characters`);

const pageFeedback = z.strictObject({
  type: z.literal('page.feedback'),
  page: sitePath('page'),
  helpful: z.boolean({error: 'helpful must be true or false'}),
  comment: comment.optional(),
});

const searchClick = z.strictObject({
  type: z.literal('search.click'),
  queryID: z.string().regex(/^[0-9a-f]{32}$/, 'queryID must be the 32 hex digits the search sent'),
  url: sitePath('url'),
  position: z
    .number({error: 'position must be a number'})
    .int('position must be a whole number')
    .min(1, 'position must be at least 1')
    .max(MAX_POSITION, `position must be at most ${MAX_POSITION}`),
});

const answerComment = z.strictObject({
  type: z.literal('askai.comment'),
  messageId: z.string().regex(/^[\w-]{1,200}$/, 'messageId must be the id of an Ask AI answer'),
  comment,
});

const clientEvent = z.discriminatedUnion('type', [pageFeedback, searchClick, answerComment], {
  error: 'type must be "page.feedback", "search.click" or "askai.comment"',
});

export type ClientEvent = z.infer<typeof clientEvent>;

export class ClientEventError extends Error {
  override name = 'ClientEventError';
  readonly statusCode = 400;
}

/** The path part of a same-origin URL: no query, no fragment. */
export function pathOf(url: string): string {
  return url.replace(/[?#].*$/s, '');
}

export function parseClientEvent(raw: unknown): ClientEvent {
  const parsed = clientEvent.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where =
      issue?.path.length && !issue.message.startsWith(String(issue.path[0]))
        ? ` (${issue.path.join('.')})`
        : '';
    throw new ClientEventError(`${issue?.message ?? 'Invalid event.'}${where}`);
  }
  const event = parsed.data;
  if (event.type === 'page.feedback' && event.helpful && event.comment)
    throw new ClientEventError('comment goes with a "No" (helpful: false) only');
  if (event.type === 'askai.comment' && event.comment === '')
    throw new ClientEventError('comment must not be empty');
  return event;
}
