import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {AskAiEvent} from '../../src/askai/askService';
import {HOST, ORIGIN, companySession, otherDomainCookie, testApp} from '../fixtures';

/** Ask AI through the real gate over the real build, with a real emulator session. */

let app: FastifyInstance;
let cookie: string;
let token: string;
const events: AskAiEvent[] = [];

const chat = (question: string, history: {role: string; text: string}[] = []) => ({
  id: 'chat-1',
  trigger: 'submit-message',
  messages: [...history, {role: 'user', text: question}].map((turn, index) => ({
    id: `m${index}`,
    role: turn.role,
    parts: [{type: 'text', text: turn.text}],
  })),
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: {host: HOST, 'content-type': 'application/json', cookie, ...headers},
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const askQuestion = (question: string, history: {role: string; text: string}[] = []) =>
  post('/__askai/chat', chat(question, history), {authorization: `TOKEN ${token}`});

type Chunk = Record<string, unknown> | '[DONE]';
function chunksOf(body: string): Chunk[] {
  return body
    .split('\n\n')
    .filter(Boolean)
    .map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      const data = event.slice('data: '.length);
      return data === '[DONE]' ? data : (JSON.parse(data) as Record<string, unknown>);
    });
}
const textOf = (chunks: Chunk[]) =>
  chunks
    .filter(
      (chunk): chunk is Record<string, unknown> =>
        chunk !== '[DONE]' && chunk.type === 'text-delta',
    )
    .map((chunk) => String(chunk.delta))
    .join('');
const linksOf = (text: string) =>
  [...text.matchAll(/(?<!\\)\[[^\]\n]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);

beforeAll(async () => {
  ({app} = await testApp({}, {askAiEvents: (event) => events.push(event)}));
  cookie = await companySession(app);
  const response = await post('/__askai/chat/token', '');
  token = (response.json() as {token: string}).token;
});
afterAll(() => app.close());

describe('Ask AI behind the gate', () => {
  it.each(['/__askai/chat/token', '/__askai/chat', '/__askai/chat/feedback'])(
    'answers 401 without a session at %s, and nothing of the handbook',
    async (url) => {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: {host: HOST, 'content-type': 'application/json'},
        payload: JSON.stringify(chat('How do I roll back a release?')),
      });
      expect(response.statusCode).toBe(401);
      expect(response.body).not.toMatch(/helm|rollback/i);
    },
  );

  it('answers 401 to a session of another domain', async () => {
    const response = await post('/__askai/chat/token', '', {cookie: await otherDomainCookie()});
    expect(response.statusCode).toBe(401);
  });

  it('gives a signed-in reader a token the modal can read the expiry of', async () => {
    const response = await post('/__askai/chat/token', '');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {success: boolean; token: string};
    expect(body.success).toBe(true);
    const {exp} = JSON.parse(atob(body.token.split('.')[0] ?? '')) as {exp: number};
    expect(exp).toBeGreaterThan(Date.now() / 1000 + 60);
  });

  it('refuses a question without the token, or with a token of another session', async () => {
    const without = await post('/__askai/chat', chat('How do I roll back?'));
    expect(without.statusCode).toBe(401);
    const otherSession = await companySession(app, 'carol@studio.example');
    const foreignToken = (
      (await post('/__askai/chat/token', '', {cookie: otherSession})).json() as {token: string}
    ).token;
    const mixed = await post('/__askai/chat', chat('How do I roll back?'), {
      authorization: `TOKEN ${foreignToken}`,
    });
    expect(mixed.statusCode).toBe(401);
    expect((mixed.json() as {message: string}).message).toMatch(/another session/);
  });

  it('refuses a request from another origin', async () => {
    const response = await post('/__askai/chat', chat('How do I roll back?'), {
      authorization: `TOKEN ${token}`,
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
  });

  it('streams an AI SDK v5 UI message stream with only the keys the client schema knows', async () => {
    const response = await askQuestion('How do I roll back a bad production release?', [
      {role: 'user', text: 'hello'},
      {role: 'assistant', text: 'Hi.'},
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['x-vercel-ai-ui-message-stream']).toBe('v1');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const chunks = chunksOf(response.body);
    const types = chunks.map((chunk) => (chunk === '[DONE]' ? chunk : chunk.type));
    expect(types.slice(0, 3)).toEqual(['start', 'start-step', 'text-start']);
    expect(types.slice(-4)).toEqual(['text-end', 'finish-step', 'finish', '[DONE]']);
    expect(new Set(types.slice(3, -4))).toEqual(new Set(['text-delta']));
    const allowedKeys: Record<string, string[]> = {
      start: ['type', 'messageId'],
      'start-step': ['type'],
      'text-start': ['type', 'id'],
      'text-delta': ['type', 'id', 'delta'],
      'text-end': ['type', 'id'],
      'finish-step': ['type'],
      finish: ['type'],
    };
    for (const chunk of chunks) {
      if (chunk === '[DONE]') continue;
      expect(
        Object.keys(chunk).every((key) => allowedKeys[String(chunk.type)]?.includes(key)),
      ).toBe(true);
    }
  });

  it("answers a question in the reader's words with the section that answers it, linked first", async () => {
    const text = textOf(
      chunksOf((await askQuestion('How do I go back to the previous release in production?')).body),
    );
    expect(text.startsWith("I couldn't find")).toBe(false);
    expect(linksOf(text)[0]).toMatch(/^\/docs\/workflow\/deployment-workflow#/);
  });

  it('says plainly when the handbook does not know, and logs the question for the writers', async () => {
    const question = 'How do I expense a conference ticket?';
    const text = textOf(chunksOf((await askQuestion(question)).body));
    expect(text.startsWith("I couldn't find this in the handbook.")).toBe(true);
    expect(events).toContainEqual(expect.objectContaining({event: 'askai.unanswered', question}));
  });

  it('links only sections that retrieval returned for the question', async () => {
    const response = await askQuestion('Which VS Code extensions should I install?');
    const text = textOf(chunksOf(response.body));
    const answer = events.findLast((event) => event.event === 'askai.answer');
    expect(answer && answer.event === 'askai.answer' && answer.cited).toEqual(linksOf(text));
    expect(linksOf(text).every((link) => link?.startsWith('/docs/'))).toBe(true);
  });

  it('answers a follow-up with the conversation so far', async () => {
    const text = textOf(
      chunksOf(
        (
          await askQuestion('and on staging?', [
            {role: 'user', text: 'How do I roll back a release with Helm?'},
            {role: 'assistant', text: 'From the Rollback with Helm section: …'},
          ])
        ).body,
      ),
    );
    expect(linksOf(text)[0]).toMatch(/^\/docs\/workflow\/deployment-workflow/);
  });

  it('refuses a question longer than 500 characters with a reason, and streams nothing', async () => {
    const response = await askQuestion(`How do I deploy ${'really '.repeat(80)}?`);
    expect(response.statusCode).toBe(400);
    expect((response.json() as {message: string}).message).toMatch(/at most 500 characters/);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const response = await post('/__askai/chat', '{"messages": [', {
      authorization: `TOKEN ${token}`,
    });
    expect(response.statusCode).toBe(400);
  });

  it('records feedback with the question it is about', async () => {
    const question = 'How do I sign my git commits?';
    const chunks = chunksOf((await askQuestion(question)).body);
    const start = chunks[0] as {messageId: string};
    const response = await post(
      '/__askai/chat/feedback',
      {appId: 'x', messageId: start.messageId, thumbs: 0},
      {authorization: `TOKEN ${token}`},
    );
    expect(response.statusCode).toBe(200);
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'askai.feedback',
        messageId: start.messageId,
        thumbs: 0,
        question,
      }),
    );
    const bad = await post(
      '/__askai/chat/feedback',
      {messageId: start.messageId, thumbs: 5},
      {authorization: `TOKEN ${token}`},
    );
    expect(bad.statusCode).toBe(400);
  });

  it('sends no handbook byte to a request without a session even for a valid token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/__askai/chat',
      headers: {
        host: HOST,
        origin: ORIGIN,
        'content-type': 'application/json',
        authorization: `TOKEN ${token}`,
      },
      payload: JSON.stringify(chat('How do I roll back?')),
    });
    expect(response.statusCode).toBe(401);
  });
});
