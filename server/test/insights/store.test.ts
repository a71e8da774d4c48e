import Database from 'better-sqlite3';
import pg from 'pg';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import type {InsightEvent} from '../../src/insights/events';
import {SQLITE_FILE} from '../../src/insights/store/database';
import {InsightsStore} from '../../src/insights/store/insightsStore';
import {MIGRATION_TABLE, StoreSchemaError} from '../../src/insights/store/migrations';
import {DIALECTS, freshLocation} from './stores';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

const search = (over: Partial<Extract<InsightEvent, {kind: 'search'}>> = {}): InsightEvent => ({
  kind: 'search',
  at: NOW,
  reader: 'r1',
  source: 'modal',
  query: 'Kubernetes',
  normalised: 'kubernetes',
  hits: 12,
  queryId: null,
  ...over,
});

describe.each(DIALECTS)('the insights store on %s', (dialect) => {
  const open: InsightsStore[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((store) => store.close()));
  });
  const openStore = async (location?: Awaited<ReturnType<typeof freshLocation>>) => {
    const store = await InsightsStore.open(location ?? (await freshLocation(dialect)));
    open.push(store);
    return store;
  };

  it('creates its schema on first start and keeps one salt for every later start', async () => {
    const location = await freshLocation(dialect);
    const first = await openStore(location);
    const second = await openStore(location);
    expect(first.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(second.salt).toBe(first.salt);
    expect(first.dialect).toBe(dialect);
  });

  it('counts searches and distinct readers per day, only within the period', async () => {
    const store = await openStore();
    await store.insert([
      search({reader: 'a'}),
      search({reader: 'a', query: 'helm', normalised: 'helm'}),
      search({reader: 'b'}),
      search({reader: 'c', at: NOW - 2 * DAY}),
      search({reader: 'd', at: NOW - 40 * DAY}),
    ]);
    expect(await store.searchesPerDay(NOW - 7 * DAY)).toEqual([
      {day: '2026-11-18', searches: 1, readers: 1},
      {day: '2026-11-20', searches: 3, readers: 2},
    ]);
  });

  it('gives each top search its click-through and mean click position', async () => {
    const store = await openStore();
    const id = (n: number) => n.toString(16).padStart(32, '0');
    await store.insert([
      search({reader: 'a', queryId: id(1)}),
      search({reader: 'b', queryId: id(2)}),
      search({reader: 'c', queryId: id(3)}),
      search({reader: 'd', queryId: id(4)}),
      search({query: 'rollback', normalised: 'rollback', queryId: id(5)}),
      {kind: 'click', at: NOW, reader: 'a', queryId: id(1), url: '/docs/a', position: 1},
      {kind: 'click', at: NOW, reader: 'a', queryId: id(1), url: '/docs/b', position: 2},
      {kind: 'click', at: NOW, reader: 'b', queryId: id(2), url: '/docs/a', position: 3},
    ]);
    const top = await store.topSearches(NOW - DAY, 10);
    expect(
      top.map(({normalised, searches, readers, clicked}) => ({
        normalised,
        searches,
        readers,
        clicked,
      })),
    ).toEqual([
      {normalised: 'kubernetes', searches: 4, readers: 4, clicked: 2},
      {normalised: 'rollback', searches: 1, readers: 1, clicked: 0},
    ]);
    expect(await store.clicksOf(NOW - DAY, ['kubernetes', 'rollback'])).toEqual([
      {normalised: 'kubernetes', clicks: 3, meanPosition: 2},
    ]);
  });

  it('groups searches without results and refused questions by their normalised text', async () => {
    const store = await openStore();
    const question = (
      reader: string,
      outcome: 'answered' | 'refused',
      text: string,
    ): InsightEvent => ({
      kind: 'question',
      at: NOW,
      reader,
      messageId: `askai-${reader.padEnd(12, 'x')}`,
      question: text,
      normalised: text.toLowerCase(),
      outcome,
      cited: [],
      nearest: '/docs/workflow/availabilty#on-call',
      firstTextMs: 40,
      answerer: 'extractive',
    });
    await store.insert([
      search({query: 'Terraform', normalised: 'terraform', hits: 0}),
      search({query: 'terraform', normalised: 'terraform', hits: 0, at: NOW - 1000}),
      search({query: 'helm', normalised: 'helm', hits: 3}),
      question('a', 'refused', 'Company phone for on-call?'),
      question('b', 'answered', 'How do I roll back?'),
    ]);
    expect(await store.noResultSearches(NOW - DAY, 10)).toEqual([
      {normalised: 'terraform', text: 'terraform', count: 2, lastAt: NOW, nearest: null},
    ]);
    expect(await store.refusedQuestions(NOW - DAY, 10)).toEqual([
      {
        normalised: 'company phone for on-call?',
        text: 'Company phone for on-call?',
        count: 1,
        lastAt: NOW,
        nearest: '/docs/workflow/availabilty#on-call',
      },
    ]);
  });

  it('lists thumbs-down answers with the question and citations of the answer, even from another replica', async () => {
    const store = await openStore();
    await store.insert([
      {
        kind: 'question',
        at: NOW - 5000,
        reader: 'a',
        messageId: 'askai-AAAAAAAAAAAA',
        question: 'How long is a sprint?',
        normalised: 'how long is a sprint',
        outcome: 'answered',
        cited: ['/docs/workflow/git-workflow#sprints'],
        nearest: null,
        firstTextMs: 12,
        answerer: 'extractive',
      },
      // The vote reached a replica that did not give the answer: it knows no question.
      {
        kind: 'answerFeedback',
        at: NOW - 4000,
        reader: 'a',
        messageId: 'askai-AAAAAAAAAAAA',
        thumbs: 0,
        comment: null,
        question: null,
        cited: null,
      },
      {
        kind: 'answerFeedback',
        at: NOW - 3000,
        reader: 'a',
        messageId: 'askai-AAAAAAAAAAAA',
        thumbs: 0,
        comment: 'It quotes the wrong page',
        question: null,
        cited: null,
      },
      {
        kind: 'answerFeedback',
        at: NOW,
        reader: 'b',
        messageId: 'askai-BBBBBBBBBBBB',
        thumbs: 1,
        comment: null,
        question: 'x',
        cited: [],
      },
    ]);
    expect(await store.thumbsDown(NOW - DAY, 10)).toEqual([
      {
        messageId: 'askai-AAAAAAAAAAAA',
        at: NOW - 3000,
        question: 'How long is a sprint?',
        cited: ['/docs/workflow/git-workflow#sprints'],
        comment: 'It quotes the wrong page',
      },
    ]);
  });

  it("counts each reader's latest page vote once, and keeps every comment as typed", async () => {
    const store = await openStore();
    const vote = (
      reader: string,
      at: number,
      helpful: boolean,
      comment: string | null = null,
    ): InsightEvent => ({
      kind: 'pageFeedback',
      at,
      reader,
      page: '/docs/tools/git',
      helpful,
      comment,
    });
    await store.insert([
      vote('a', NOW - 3000, true),
      vote('a', NOW - 2000, false, '<b>Steps</b> are out of date'),
      vote('b', NOW - 1000, true),
      vote('c', NOW, false),
    ]);
    expect(await store.pageVotes(NOW - DAY)).toEqual([{page: '/docs/tools/git', yes: 1, no: 2}]);
    expect(await store.pageComments(NOW - DAY, 10)).toEqual([
      {
        page: '/docs/tools/git',
        at: NOW - 2000,
        helpful: false,
        comment: '<b>Steps</b> are out of date',
      },
    ]);
  });

  it('deletes every row older than the retention cut-off and nothing newer', async () => {
    const store = await openStore();
    await store.insert([
      search({at: NOW - 200 * DAY}),
      search({at: NOW - 10 * DAY}),
      {
        kind: 'pageFeedback',
        at: NOW - 181 * DAY,
        reader: 'a',
        page: '/docs/x',
        helpful: true,
        comment: null,
      },
    ]);
    expect(await store.deleteBefore(NOW - 180 * DAY)).toBe(2);
    expect(await store.searchesPerDay(0)).toEqual([{day: '2026-11-10', searches: 1, readers: 1}]);
    expect(await store.pageVotes(0)).toEqual([]);
  });

  it('writes a batch all or nothing', async () => {
    const store = await openStore();
    const broken = {...search(), query: null} as unknown as InsightEvent;
    await expect(store.insert([search(), broken])).rejects.toThrow();
    expect(await store.searchesPerDay(0)).toEqual([]);
  });

  it('refuses to start on a schema migrated by a newer gate, naming the migration', async () => {
    const location = await freshLocation(dialect);
    (await openStore(location)).close();
    open.length = 0;
    const future = '0099_from_the_future';
    if (location.databaseUrl === null) {
      const database = new Database(path.join(location.dataDir, SQLITE_FILE));
      database
        .prepare(`insert into ${MIGRATION_TABLE} (name, timestamp) values (?, ?)`)
        .run(future, new Date().toISOString());
      database.close();
    } else {
      const client = new pg.Client({connectionString: location.databaseUrl});
      await client.connect();
      await client.query(`insert into ${MIGRATION_TABLE} (name, timestamp) values ($1, $2)`, [
        future,
        new Date().toISOString(),
      ]);
      await client.end();
    }
    const opening = InsightsStore.open(location);
    await expect(opening).rejects.toBeInstanceOf(StoreSchemaError);
    await expect(opening).rejects.toThrow(/newer version of the gate \(0099_from_the_future/);
  });
});
