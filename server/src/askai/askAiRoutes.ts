import {Readable} from 'node:stream';
import type {FastifyInstance, FastifyReply, FastifyRequest} from 'fastify';
import {readSessionCookie, type CookiePolicy} from '../session/cookie';
import {checkAskToken, mintAskToken} from './askToken';
import {describeAnswerError, type AskAiService} from './askService';
import {parseChatRequest, parseFeedback} from './chatRequest';
import {UI_MESSAGE_STREAM_HEADERS, uiMessageStream} from './uiMessageStream';
import {timedAnswerText} from '../insights/askAiRecording';
import type {Insights} from '../insights/createInsights';

export type AskAiRoutesOptions = {
  readonly service: AskAiService;
  readonly cookiePolicy: CookiePolicy;
  readonly now?: () => number;
  /** Reader insights: each question's outcome and each vote, recorded off the request path. */
  readonly insights?: Insights;
  /** Seconds from a question's arrival to its answer's first text (metrics). */
  readonly onFirstText?: (seconds: number) => void;
};

export const ASK_AI_BODY_LIMIT = 256 * 1024;

/**
 * The id DocSearch's Ask AI screen names an answer by when the reader votes on it: the id of
 * the reader's question message (its last message), not the answer's.
 */
function feedbackIdOf(body: unknown): string | null {
  const messages = (body as {messages?: unknown} | null)?.messages;
  const last: unknown = Array.isArray(messages) ? messages.at(-1) : undefined;
  const id = (last as {id?: unknown} | undefined)?.id;
  return typeof id === 'string' && /^[\w-]{1,200}$/.test(id) ? id : null;
}
/**
 * Requests per reader per minute. No person asks this often; it still caps a runaway script
 * (each question costs a retrieval, and a model call when one is configured), while a team's
 * evaluation run of a few hundred questions goes through.
 */
const QUESTIONS_PER_MINUTE = 300;

/**
 * Ask AI behind the gate, where DocSearch's Ask AI screen expects Algolia's service (the
 * modal's base URL is patched to `/__askai/chat`): a token, the chat (an AI SDK v5 UI message
 * stream) and feedback. Registered inside the gate's routes, so the session check has already
 * admitted the reader; the token adds nothing to that check but is what the modal speaks.
 */
export async function askAiRoutes(app: FastifyInstance, options: AskAiRoutesOptions) {
  const {service, cookiePolicy} = options;
  const now = options.now ?? Date.now;

  // The modal posts JSON, sometimes with no body at all (the token request).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    {parseAs: 'string', bodyLimit: ASK_AI_BODY_LIMIT},
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text) as unknown);
      } catch {
        done(Object.assign(new Error('The body is not valid JSON.'), {statusCode: 400}), undefined);
      }
    },
  );

  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send({success: false, status, message});

  /** A foreign Origin is refused; none at all is allowed (the token already binds the session). */
  const foreign = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && origin !== `${request.protocol}://${request.host}`;
  };

  const rateLimit = {
    max: QUESTIONS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.identity?.uid ?? request.ip,
  };

  /** Origin and token, the same for the chat and its feedback; the reply when they fail. */
  const guard = (request: FastifyRequest, reply: FastifyReply): FastifyReply | null => {
    if (foreign(request)) return refuse(reply, 403, 'Cross-origin requests are refused.');
    const cookie = readSessionCookie(request, cookiePolicy) ?? '';
    const token = checkAskToken(request.headers.authorization, cookie, now());
    return token.ok ? null : refuse(reply, 401, token.reason);
  };

  app.post('/__askai/chat/token', async (request, reply) => {
    if (foreign(request)) return refuse(reply, 403, 'Cross-origin requests are refused.');
    const cookie = readSessionCookie(request, cookiePolicy);
    if (!cookie) return refuse(reply, 401, 'Sign in with a company Google account.');
    return reply
      .header('cache-control', 'no-store')
      .send({success: true, token: mintAskToken(cookie, now())});
  });

  app.post(
    '/__askai/chat',
    {config: {rateLimit}, bodyLimit: ASK_AI_BODY_LIMIT},
    async (request, reply) => {
      const refused = guard(request, reply);
      if (refused) return refused;
      // A body that is not a chat throws a ChatRequestError: a 400 with its reason.
      const chat = parseChatRequest(request.body);
      options.insights?.questionAsked(request.identity, chat.question);
      const started = now();
      const prepared = service.prepare(chat);
      // Recorded at the edge, from what the service returns and its own `askai.answer` event.
      const text = timedAnswerText(
        prepared,
        started,
        ({firstTextMs, failed}) => {
          if (firstTextMs !== null) options.onFirstText?.(firstTextMs / 1000);
          options.insights?.recordAnswer(request.identity, {
            messageId: prepared.messageId,
            feedbackId: feedbackIdOf(request.body) ?? prepared.messageId,
            question: chat.question,
            answerable: prepared.request.answerable,
            failed,
            nearest: prepared.request.sections[0]?.section.url ?? null,
            firstTextMs,
            answerer: service.answerer.kind,
          });
        },
        now,
      );
      // Stop the answerer (and any upstream request) when the reader stops or goes away.
      const stop = new AbortController();
      reply.raw.once('close', () => stop.abort());
      const body = Readable.from(
        uiMessageStream(prepared.messageId, text(stop.signal), describeAnswerError),
        {objectMode: false},
      );
      return reply.headers(UI_MESSAGE_STREAM_HEADERS).send(body);
    },
  );

  app.post('/__askai/chat/feedback', {config: {rateLimit}}, async (request, reply) => {
    const refused = guard(request, reply);
    if (refused) return refused;
    const feedback = parseFeedback(request.body);
    service.feedback(feedback.messageId, feedback.thumbs);
    options.insights?.recordAnswerFeedback(request.identity, feedback);
    return reply.header('cache-control', 'no-store').send({success: true});
  });
}
