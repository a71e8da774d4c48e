import {describe, expect, it} from 'vitest';
import type {InsightEvent} from '../../src/insights/events';
import {normaliseText} from '../../src/insights/events';
import {EventRecorder} from '../../src/insights/recorder';
import {SearchSettler} from '../../src/insights/searchSettling';

const event = (n: number): InsightEvent => ({
  kind: 'pageFeedback',
  at: n,
  reader: 'r',
  page: `/docs/${n}`,
  helpful: true,
  comment: null,
});

const search = (query: string, reader = 'r'): Extract<InsightEvent, {kind: 'search'}> => ({
  kind: 'search',
  at: 0,
  reader,
  source: 'modal',
  query,
  normalised: normaliseText(query),
  hits: 1,
  queryId: null,
});

describe('the event recorder', () => {
  it('returns at once while the store is still writing, and writes in batches, one at a time', async () => {
    const batches: number[] = [];
    let inFlight = 0;
    let most = 0;
    const recorder = new EventRecorder({
      flushIntervalMs: 1,
      batchSize: 10,
      write: async (batch) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        batches.push(batch.length);
        inFlight -= 1;
      },
    });
    const started = performance.now();
    for (let n = 0; n < 25; n += 1) recorder.record(event(n));
    expect(performance.now() - started).toBeLessThan(20);
    await recorder.flush();
    expect(batches).toEqual([10, 10, 5]);
    expect(most).toBe(1);
    expect(recorder.written).toBe(25);
  });

  it('drops and counts new events when the queue is full, and keeps the ones it holds', async () => {
    let release: () => void = () => {};
    const written: InsightEvent[] = [];
    const drops: string[] = [];
    const recorder = new EventRecorder({
      flushIntervalMs: 1,
      capacity: 5,
      batchSize: 100,
      onDrop: (reason, count) => drops.push(`${reason}:${count}`),
      write: async (batch) => {
        await new Promise<void>((resolve) => (release = resolve));
        written.push(...batch);
      },
    });
    recorder.record(event(0));
    await new Promise((resolve) => setTimeout(resolve, 10)); // the first write is now stuck
    for (let n = 1; n <= 8; n += 1) recorder.record(event(n));
    expect(recorder.depth).toBe(5);
    expect(recorder.dropped.full).toBe(3);
    expect(drops).toEqual(['full:1', 'full:1', 'full:1']);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    await recorder.flush();
    expect(written.map((e) => e.at)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('drops and counts a batch the store refuses, then goes on with the next', async () => {
    let calls = 0;
    const errors: number[] = [];
    const recorder = new EventRecorder({
      flushIntervalMs: 1,
      batchSize: 2,
      onWriteError: (_error, count) => errors.push(count),
      write: async () => {
        calls += 1;
        if (calls === 1) throw new Error('connection refused');
      },
    });
    for (let n = 0; n < 4; n += 1) recorder.record(event(n));
    await recorder.flush();
    expect(errors).toEqual([2]);
    expect(recorder.dropped.store).toBe(2);
    expect(recorder.written).toBe(2);
  });

  it('gives up on a write that hangs past its timeout, counting its events as dropped', async () => {
    const recorder = new EventRecorder({
      flushIntervalMs: 1,
      writeTimeoutMs: 30,
      write: () => new Promise(() => {}),
    });
    recorder.record(event(1));
    await recorder.flush();
    expect(recorder.dropped.store).toBe(1);
  });
});

describe('search settling', () => {
  it('records what a reader typed key by key as one search, the last one', async () => {
    const settled: string[] = [];
    const settler = new SearchSettler((e) => settled.push(e.query), 20);
    for (const query of ['k', 'ku', 'kub', 'kubr', 'kub', 'kubernetes'])
      settler.offer(search(query));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(settled).toEqual(['kubernetes']);
  });

  it('settles a search at once when the reader searches something else, and keeps readers apart', () => {
    const settled: string[] = [];
    const settler = new SearchSettler((e) => settled.push(`${e.reader}:${e.query}`), 10_000);
    settler.offer(search('helm'));
    settler.offer(search('git', 'other reader'));
    settler.offer(search('rollback'));
    expect(settled).toEqual(['r:helm']);
    settler.settleAll();
    expect(settled).toEqual(['r:helm', 'other reader:git', 'r:rollback']);
  });

  it('does not count as a search the question a reader typed and then sent to Ask AI', () => {
    const settled: string[] = [];
    const settler = new SearchSettler((e) => settled.push(`${e.reader}:${e.query}`), 10_000);
    for (const query of ['how', 'how long are logs', 'how long are logs kept?'])
      settler.offer(search(query));
    settler.offer(search('how long are logs kept?', 'other reader'));
    settler.withdraw('r', 'modal', normaliseText('How long are logs kept'));
    settler.settleAll();
    expect(settled).toEqual(['other reader:how long are logs kept?']);
  });

  it('groups searches by Unicode-normalised, lower-case text without trailing punctuation', () => {
    expect(normaliseText('  How do I  Deploy?? ')).toBe('how do i deploy');
    expect(normaliseText('Ｋｕｂｅｒｎｅｔｅｓ')).toBe('kubernetes');
  });
});
