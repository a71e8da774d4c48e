import {afterAll, beforeAll, describe, expect, inject, it} from 'vitest';
import {createDatabase} from '../../../testing/postgres';
import {startServerProcess, type ServerProcess} from '../serverProcess';
import {eventually, modalSearch, report, sendEvent} from './gateClient';

/**
 * Replicas: two gates, each a real process on its own port, over one PostgreSQL database. What
 * readers do on either appears on both gates' /insights, and both share one reader salt.
 */
describe('two gates over one PostgreSQL', () => {
  const gates: ServerProcess[] = [];
  beforeAll(async () => {
    const env = {
      DATABASE_URL: await createDatabase(inject('postgresUrl'), 'replicas'),
      INSIGHTS_VIEWERS: 'writer@studio.example',
    };
    // Started together: both migrate the same empty database at once (PostgreSQL's advisory lock).
    gates.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  });
  afterAll(async () => {
    for (const gate of gates) gate.child.kill('SIGTERM');
    await Promise.all(gates.map((gate) => gate.exited));
  });

  it('shows the events of both on either one’s /insights', async () => {
    const [first, second] = gates as [ServerProcess, ServerProcess];
    const readerOnFirst = await first.signIn('reader@studio.example');
    const readerOnSecond = await second.signIn('reader@studio.example');
    expect((await modalSearch(first.base, readerOnFirst, 'qqzzyyx')).nbHits).toBe(0);
    expect((await modalSearch(second.base, readerOnSecond, 'wwvvkkq')).nbHits).toBe(0);
    await sendEvent(first.base, readerOnFirst, {
      type: 'page.feedback',
      page: '/docs/tools/git',
      helpful: false,
    });
    await sendEvent(second.base, readerOnSecond, {
      type: 'page.feedback',
      page: '/docs/tools/dbeaver',
      helpful: true,
    });

    for (const gate of gates) {
      const writer = await gate.signIn('writer@studio.example');
      await eventually(async () => {
        const {status, body} = await report(gate.base, writer);
        expect(status).toBe(200);
        expect((body.gaps as {text: string}[]).map((gap) => gap.text).sort()).toEqual([
          'qqzzyyx',
          'wwvvkkq',
        ]);
        expect((body.pages as {page: string}[]).map((page) => page.page).sort()).toEqual([
          '/docs/tools/dbeaver',
          '/docs/tools/git',
        ]);
        // One reader on two replicas is one reader: both hash with the store's one salt.
        expect((body.perDay as {readers: number}[]).at(-1)?.readers).toBe(1);
      }, 10_000);
    }
  });
});
