import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {OpenAiAnswerer} from '../../src/askai/answerers/openAiAnswerer';
import {AnswerError, type AnswerRequest, type RetrievedSection} from '../../src/askai/types';
import {startOpenAiStandIn, type OpenAiStandIn} from './openAiStandIn';

/**
 * The generative answerer against a local stand-in that speaks the OpenAI-compatible
 * chat-completions stream protocol (no hosted model runs here). The production code path is the
 * one a real endpoint gets: fetch, server-sent events, timeouts, abort.
 */

const ROLLBACKS: RetrievedSection = {
  score: 1,
  section: {
    url: '/docs/workflow/deployment-workflow#rollbacks',
    page: '/docs/workflow/deployment-workflow',
    pageTitle: 'Deployment workflow',
    heading: 'Rollbacks',
    trail: ['Deployment workflow', 'Rollbacks'],
    anchors: ['rollbacks'],
    kind: 'doc',
    units: [
      {
        kind: 'text',
        text: 'Roll back with Helm to the previous revision.',
        markdown: 'Roll back with Helm to the previous revision.',
      },
      {kind: 'code', text: 'helm rollback pusaka-api 0', markdown: 'helm rollback pusaka-api 0'},
    ],
  },
};

const request = (overrides: Partial<AnswerRequest> = {}): AnswerRequest => ({
  question: 'How do I undo a bad release?',
  history: [{role: 'user', text: 'Earlier question'}],
  sections: [ROLLBACKS],
  answerable: true,
  quote: null,
  nearest: [],
  ...overrides,
});

let standIn: OpenAiStandIn;
beforeAll(async () => {
  standIn = await startOpenAiStandIn();
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
});

const answerer = (timeouts: {first?: number; idle?: number} = {}, baseUrl = standIn.baseUrl) =>
  new OpenAiAnswerer({
    baseUrl,
    model: 'stand-in-model',
    apiKey: 'sk-test-key',
    firstTokenTimeoutMs: timeouts.first ?? 2_000,
    idleTimeoutMs: timeouts.idle ?? 2_000,
  });

async function collect(stream: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of stream) text += piece;
  return text;
}

describe('the generative answerer (local OpenAI-compatible stand-in)', () => {
  it('relays the streamed answer and sends only the retrieved sections as context', async () => {
    standIn.script = {
      kind: 'answer',
      pieces: [
        'Run ',
        '`helm rollback`',
        ' ([Rollbacks](/docs/workflow/deployment-workflow#rollbacks)).',
      ],
    };
    const text = await collect(answerer().answer(request(), new AbortController().signal));
    expect(text).toBe(
      'Run `helm rollback` ([Rollbacks](/docs/workflow/deployment-workflow#rollbacks)).',
    );
    const [sent] = standIn.requests;
    expect(sent?.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body).toMatchObject({model: 'stand-in-model', stream: true});
    const [system, earlier, question] = sent?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('ONLY the handbook sections');
    expect(system?.content).toContain('URL: /docs/workflow/deployment-workflow#rollbacks');
    expect(system?.content).toContain('helm rollback pusaka-api 0');
    expect(earlier).toEqual({role: 'user', content: 'Earlier question'});
    expect(question).toEqual({role: 'user', content: 'How do I undo a bad release?'});
  });

  it('does not ask the model when retrieval found no evidence, and refuses', async () => {
    const text = await collect(
      answerer().answer(request({answerable: false}), new AbortController().signal),
    );
    expect(text.startsWith("I couldn't find this in the handbook.")).toBe(true);
    expect(standIn.requests).toHaveLength(0);
  });

  it('turns an error object inside a 200 stream into an error for the reader', async () => {
    standIn.script = {kind: 'error-mid-stream', pieces: ['Partial '], message: 'model overloaded'};
    const pieces: string[] = [];
    await expect(async () => {
      for await (const piece of answerer().answer(request(), new AbortController().signal))
        pieces.push(piece);
    }).rejects.toThrow(/failed while answering: model overloaded/);
    expect(pieces).toEqual(['Partial ']);
  });

  it('gives up with a clear error when the model never starts answering', async () => {
    standIn.script = {kind: 'stall-before-first-token'};
    const started = Date.now();
    await expect(
      collect(answerer({first: 300}).answer(request(), new AbortController().signal)),
    ).rejects.toThrow(/did not start answering within 0.3 s/);
    expect(Date.now() - started).toBeLessThan(2_000);
    await standIn.clientClosed();
  });

  it('gives up with a clear error when the model stalls mid-answer', async () => {
    standIn.script = {kind: 'stall-after', pieces: ['Roll back ']};
    await expect(
      collect(answerer({idle: 300}).answer(request(), new AbortController().signal)),
    ).rejects.toThrow(/stopped answering for 0.3 s/);
  });

  it('aborts the upstream request when the reader stops', async () => {
    standIn.script = {kind: 'endless'};
    const stop = new AbortController();
    let received = 0;
    for await (const piece of answerer().answer(request(), stop.signal)) {
      expect(piece).toBe('more ');
      received += 1;
      if (received === 3) stop.abort();
    }
    await standIn.clientClosed(); // the stand-in saw its request closed
    expect(received).toBe(3);
  });

  it('reports an endpoint that answers with an error status', async () => {
    standIn.script = {kind: 'status', status: 404, body: {error: {message: 'model "x" not found'}}};
    await expect(
      collect(answerer().answer(request(), new AbortController().signal)),
    ).rejects.toThrow(/answered 404: model "x" not found/);
  });

  it('reports an unreachable endpoint without hanging', async () => {
    const unreachable = answerer({}, 'http://127.0.0.1:9/v1');
    const error = await collect(unreachable.answer(request(), new AbortController().signal)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnswerError);
    expect((error as Error).message).toMatch(/cannot be reached/);
  });
});
