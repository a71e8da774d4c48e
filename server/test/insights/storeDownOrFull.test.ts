import pg from 'pg';
import {afterAll, describe, expect, inject, it} from 'vitest';
import {freePort} from '../../../testing/authEmulator';
import {createDatabase} from '../../../testing/postgres';
import {fetchAskToken, ask} from '../../../testing/askAiClient';
import {listeningGate, modalSearch, report, sendEvent, type ListeningGate} from './gateClient';
import {tempDir} from './stores';

/**
 * Reader insights never cost a reader anything: with the store down (nothing listens at
 * DATABASE_URL) or full (a writer holds a table lock, so every insert waits and the bounded
 * queue fills), pages, search and Ask AI answer as usual; events are dropped and counted.
 */
const gates: ListeningGate[] = [];
afterAll(async () => {
  await Promise.all(gates.map((gate) => gate.close()));
});

async function metric(gate: ListeningGate, name: string): Promise<number> {
  const {gateMetrics} = await import('../../src/metrics/gateMetrics');
  const text = await gateMetrics().registry.metrics();
  return [
    ...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?)$`, 'gm')),
  ].reduce((sum, match) => sum + Number(match[1]), 0);
}

async function readerActions(gate: ListeningGate, cookie: string, searches: number) {
  const started = performance.now();
  const page = await fetch(`${gate.base}/docs/tools/git`, {headers: {cookie}});
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<h1');
  for (let n = 0; n < searches; n += 1) {
    const result = await modalSearch(gate.base, cookie, n % 2 ? `helm ${n}` : `git rebase ${n}`);
    expect(result.hits.length).toBeGreaterThan(0);
  }
  const feedback = await sendEvent(gate.base, cookie, {
    type: 'page.feedback',
    page: '/docs/tools/git',
    helpful: true,
  });
  expect(feedback.status).toBe(204);
  const answer = await ask(
    gate.base,
    cookie,
    await fetchAskToken(gate.base, cookie),
    'How do I roll back a bad production release?',
  );
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('helm rollback');
  return performance.now() - started;
}

describe('a store that is down or full', () => {
  it('costs readers nothing when the database cannot be reached, and /insights says why', async () => {
    const port = await freePort(); // nothing listens there
    const gate = await listeningGate({
      DATABASE_URL: `postgres://handbook@127.0.0.1:${port}/handbook`,
      DATA_DIR: tempDir(),
      INSIGHTS_VIEWERS: 'writer@studio.example',
    });
    gates.push(gate);
    const cookie = await gate.signIn('writer@studio.example');
    const droppedBefore = await metric(gate, 'handbook_insights_events_dropped_total');
    await readerActions(gate, cookie, 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await metric(gate, 'handbook_insights_events_dropped_total')).toBeGreaterThan(
      droppedBefore,
    );
    const {status, body} = await report(gate.base, cookie);
    expect(status).toBe(503);
    expect(body.message).toMatch(/insights store cannot be reached/);
  });

  it('costs readers nothing while every write waits on a lock and the queue is full', async () => {
    const databaseUrl = await createDatabase(inject('postgresUrl'), 'full');
    const gate = await listeningGate(
      {DATABASE_URL: databaseUrl, DATA_DIR: tempDir(), INSIGHTS_VIEWERS: 'writer@studio.example'},
      {flushIntervalMs: 5, settleMs: 1, capacity: 3},
    );
    gates.push(gate);
    const cookie = await gate.signIn('writer@studio.example');
    const baseline = await readerActions(gate, cookie, 10);

    // Another session takes every insights table: the gate's inserts now wait.
    const locker = new pg.Client({connectionString: databaseUrl});
    await locker.connect();
    await locker.query('begin');
    await locker.query(
      'lock table search_events, search_clicks, askai_questions, askai_feedback, page_feedback in access exclusive mode',
    );
    try {
      const fullBefore = await metric(gate, 'handbook_insights_events_dropped_total');
      const blocked = await readerActions(gate, cookie, 10);
      // Same work, same order of time: nothing waited for the store.
      expect(blocked).toBeLessThan(baseline * 3 + 500);
      expect(await metric(gate, 'handbook_insights_queue_depth')).toBeLessThanOrEqual(3);
      expect(await metric(gate, 'handbook_insights_events_dropped_total')).toBeGreaterThan(
        fullBefore,
      );
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // The lock gone, the queue drains and later events are written again.
    await expect
      .poll(() => metric(gate, 'handbook_insights_queue_depth'), {timeout: 15_000})
      .toBe(0);
    await sendEvent(gate.base, cookie, {
      type: 'page.feedback',
      page: '/docs/workflow/git-workflow',
      helpful: false,
    });
    await expect
      .poll(
        async () =>
          ((await report(gate.base, cookie)).body.pages as {page: string}[] | undefined)?.map(
            (p) => p.page,
          ) ?? [],
        {timeout: 15_000},
      )
      .toContain('/docs/workflow/git-workflow');
  });
});
