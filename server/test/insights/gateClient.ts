import type {FastifyInstance} from 'fastify';
import {expect, inject} from 'vitest';
import {signInWithGoogle} from '../../../testing/emulatorAccounts';
import {fetchAskToken, ask} from '../../../testing/askAiClient';
import {testApp} from '../fixtures';
import type {AppDependencies} from '../../src/app';

/** The real gate listening on a free loopback port, spoken to over HTTP as a browser would. */
export type ListeningGate = {
  readonly app: FastifyInstance;
  readonly base: string;
  signIn(email: string): Promise<string>;
  close(): Promise<void>;
};

export async function listeningGate(
  env: Record<string, string>,
  timing: AppDependencies['insightsTiming'] = {flushIntervalMs: 20, settleMs: 100},
): Promise<ListeningGate> {
  const {app} = await testApp(env, {insightsTiming: timing});
  await app.listen({host: '127.0.0.1', port: 0});
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  return {app, base, signIn: (email) => signInAt(base, email), close: () => app.close()};
}

/** A company session at any gate (in process or a real process): the cookie pair. */
export async function signInAt(base: string, email: string): Promise<string> {
  const {idToken} = await signInWithGoogle(
    {host: inject('emulatorHost'), projectId: inject('projectId')},
    email,
  );
  const response = await fetch(`${base}/__session`, {
    method: 'POST',
    headers: {origin: base, authorization: `Bearer ${idToken}`},
  });
  if (response.status !== 204) throw new Error(`sign-in failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
}

/** A search as DocSearch's modal sends it (its agent string, query id asked for). */
export async function modalSearch(base: string, cookie: string, query: string) {
  const response = await fetch(
    `${base}/1/indexes/handbook/queries?x-algolia-agent=${encodeURIComponent('Algolia for JavaScript (5.0.0); Lite (5.0.0); docsearch (4.7.0); docsearch-react (4.7.0)')}`,
    {
      method: 'POST',
      headers: {cookie, 'content-type': 'text/plain'},
      body: JSON.stringify({
        requests: [{indexName: 'handbook', query, params: {hitsPerPage: 20, clickAnalytics: true}}],
      }),
    },
  );
  const body = (await response.json()) as {
    results: {nbHits: number; queryID?: string; hits: {url: string}[]}[];
  };
  return body.results[0] ?? {nbHits: 0, hits: []};
}

export async function sendEvent(base: string, cookie: string, event: unknown, raw?: string) {
  return fetch(`${base}/__insights/events`, {
    method: 'POST',
    headers: {cookie, origin: base, 'content-type': 'application/json'},
    body: raw ?? JSON.stringify(event),
  });
}

/**
 * Asks Ask AI; returns the token and the id a vote names (DocSearch names an answer by its id
 * of the question message: `m0` for chatBody's one-question conversation).
 */
export async function askQuestion(base: string, cookie: string, question: string) {
  const token = await fetchAskToken(base, cookie);
  const result = await ask(base, cookie, token, question);
  const start = result.chunks.find(
    (chunk): chunk is Record<string, unknown> => chunk !== '[DONE]' && chunk.type === 'start',
  );
  expect(String(start?.messageId)).toMatch(/^askai-/);
  return {token, messageId: 'm0', text: result.text};
}

export async function voteOnAnswer(
  base: string,
  cookie: string,
  token: string,
  messageId: string,
  thumbs: 0 | 1,
) {
  return fetch(`${base}/__askai/chat/feedback`, {
    method: 'POST',
    headers: {cookie, authorization: `TOKEN ${token}`, 'content-type': 'application/json'},
    body: JSON.stringify({appId: 'x', messageId, thumbs}),
  });
}

export async function report(base: string, cookie: string, days = 30) {
  const response = await fetch(`${base}/__insights/report?days=${days}`, {headers: {cookie}});
  return {status: response.status, body: (await response.json()) as Record<string, unknown>};
}

/** Polls until `check` passes (it throws until then), for at most `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
