import type {FastifyInstance} from 'fastify';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {HOST, companySession, testApp} from '../fixtures';
import {startOpenAiStandIn, type OpenAiStandIn} from './openAiStandIn';

/**
 * The gate configured with a generative answerer (ASK_AI_BASE_URL) pointing at a local stand-in
 * for an OpenAI-compatible endpoint: the same production path a real endpoint gets.
 */

let standIn: OpenAiStandIn;
let app: FastifyInstance;
let cookie: string;
let token: string;

const headers = () => ({host: HOST, 'content-type': 'application/json', cookie});
const ask = (question: string) =>
  app.inject({
    method: 'POST',
    url: '/__askai/chat',
    headers: {...headers(), authorization: `TOKEN ${token}`},
    payload: JSON.stringify({
      id: 'c',
      trigger: 'submit-message',
      messages: [{id: 'm', role: 'user', parts: [{type: 'text', text: question}]}],
    }),
  });
const events = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((event) => event.slice('data: '.length))
    .map((data) => (data === '[DONE]' ? data : (JSON.parse(data) as Record<string, unknown>)));
const textOf = (body: string) =>
  events(body)
    .filter((event) => typeof event === 'object' && event.type === 'text-delta')
    .map((event) => String((event as {delta: string}).delta))
    .join('');

beforeAll(async () => {
  standIn = await startOpenAiStandIn();
  ({app} = await testApp({
    ASK_AI_BASE_URL: standIn.baseUrl,
    ASK_AI_MODEL: 'stand-in-model',
    ASK_AI_FIRST_TOKEN_TIMEOUT_MS: '500',
    ASK_AI_IDLE_TIMEOUT_MS: '500',
  }));
  cookie = await companySession(app);
  const response = await app.inject({
    method: 'POST',
    url: '/__askai/chat/token',
    headers: headers(),
  });
  token = (response.json() as {token: string}).token;
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

describe('Ask AI with a generative answerer (local OpenAI-compatible stand-in)', () => {
  it('relays the model, keeping links to returned sections and removing every other link', async () => {
    standIn.script = {
      kind: 'answer',
      pieces: [
        'Roll back with Helm ([Rollback](/docs/workflow/deployment-workflow#rollback-with-helm)); ',
        'see also [a blog](https://evil.example/x) and ![t](https://evil.example/p.png).',
      ],
    };
    const response = await ask('How do I roll back a bad production release with helm?');
    expect(response.statusCode).toBe(200);
    const text = textOf(response.body);
    expect(text).toContain('[Rollback](/docs/workflow/deployment-workflow#rollback-with-helm)');
    expect(text).toContain('see also a blog and .');
    expect(text).not.toContain('evil.example');
    // The sections went to the configured endpoint, and only there.
    expect(standIn.requests.at(-1)?.body.messages[0]?.content).toContain('helm rollback');
  });

  it('gives the reader an error, not a hang, when the model stalls', async () => {
    standIn.script = {kind: 'stall-before-first-token'};
    const started = Date.now();
    const response = await ask('How do I roll back a bad production release with helm?');
    expect(Date.now() - started).toBeLessThan(5_000);
    const last = events(response.body).slice(-2);
    expect(last[0]).toEqual({
      type: 'error',
      errorText: expect.stringMatching(/did not start answering/),
    });
    expect(last[1]).toBe('[DONE]');
  });

  it('passes an error inside the model stream on to the reader', async () => {
    standIn.script = {kind: 'error-mid-stream', pieces: ['Roll '], message: 'out of memory'};
    const response = await ask('How do I roll back a bad production release with helm?');
    expect(events(response.body)).toContainEqual({
      type: 'error',
      errorText: expect.stringMatching(/out of memory/),
    });
  });
});
