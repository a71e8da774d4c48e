import fc from 'fast-check';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {adminAuth} from '../fixtures';
import type {StoreLocation} from '../../src/insights/store/database';
import {
  askQuestion,
  eventually,
  listeningGate,
  modalSearch,
  report,
  sendEvent,
  voteOnAnswer,
  type ListeningGate,
} from './gateClient';
import {allRows, rowCount} from './rows';
import {DIALECTS, freshLocation, locationEnv} from './stores';

const VIEWER = 'writer@studio.example';
const READER = 'reader@studio.example';
const REFUSED = "What's the Wi-Fi password in the Jakarta office?";

type Gap = {text: string; searches: number; questions: number; nearest: {url: string} | null};

describe.each(DIALECTS)('reader insights through the gate, on %s', (dialect) => {
  let location: StoreLocation;
  let gate: ListeningGate;
  let viewer: string;
  let reader: string;

  beforeAll(async () => {
    location = await freshLocation(dialect);
    gate = await listeningGate({...locationEnv(location), INSIGHTS_VIEWERS: VIEWER});
    viewer = await gate.signIn(VIEWER);
    reader = await gate.signIn(READER);
  });
  afterAll(() => gate?.close());

  it("shows a viewer a reader's searches, clicks, refused question (not also a search), vote down with its comment and page feedback", async () => {
    const {base} = gate;
    // "kubernetes" typed key by key in the modal is one search; then a search with no result.
    for (const prefix of ['kub', 'kuber', 'kubernetes']) await modalSearch(base, reader, prefix);
    const found = await modalSearch(base, reader, 'kubernetes');
    expect(found.nbHits).toBeGreaterThan(1);
    expect(found.queryID).toMatch(/^[0-9a-f]{32}$/);
    const opened = new URL(found.hits[1]?.url ?? '', base).pathname;
    expect(
      (
        await sendEvent(base, reader, {
          type: 'search.click',
          queryID: found.queryID,
          url: opened,
          position: 2,
        })
      ).status,
    ).toBe(204);
    expect((await modalSearch(base, reader, 'zzqxqv')).nbHits).toBe(0);

    // The modal searches a question as it is typed; sent to Ask AI, it counts as a question only.
    await modalSearch(base, reader, REFUSED);
    const refused = await askQuestion(base, reader, REFUSED);
    expect(refused.text).toContain("I couldn't find this in the handbook.");
    expect((await voteOnAnswer(base, reader, refused.token, refused.messageId, 0)).status).toBe(
      200,
    );
    const comment = '<img src=x onerror=alert(1)> it should say who pays';
    expect(
      (
        await sendEvent(base, reader, {
          type: 'askai.comment',
          messageId: refused.messageId,
          comment,
        })
      ).status,
    ).toBe(204);
    expect(
      (
        await sendEvent(base, reader, {
          type: 'page.feedback',
          page: '/docs/tools/git',
          helpful: false,
          comment: 'The rebase steps are out of date',
        })
      ).status,
    ).toBe(204);

    const shown = await eventually(async () => {
      const {status, body} = await report(base, viewer);
      expect(status).toBe(200);
      const gaps = body.gaps as Gap[];
      expect(gaps.map((gap) => gap.text)).toEqual(expect.arrayContaining(['zzqxqv', REFUSED]));
      expect((body.thumbsDown as unknown[]).length).toBe(1);
      expect((body.pages as unknown[]).length).toBe(1);
      expect((body.topSearches as {query: string}[]).map((row) => row.query)).toContain(
        'kubernetes',
      );
      return body;
    });

    expect(shown.topSearches).toEqual(
      expect.arrayContaining([
        {query: 'kubernetes', searches: 1, readers: 1, clickThrough: 1, meanPosition: 2},
      ]),
    );
    const gaps = shown.gaps as Gap[];
    const refusal = gaps.find((gap) => gap.text === REFUSED);
    expect(refusal).toMatchObject({searches: 0, questions: 1});
    expect(refusal?.nearest?.url).toMatch(/^\/docs\//);
    expect(gaps.find((gap) => gap.text === 'zzqxqv')).toMatchObject({
      searches: 1,
      questions: 0,
    });
    expect(shown.thumbsDown).toEqual([expect.objectContaining({question: REFUSED, comment})]);
    expect(shown.pages).toEqual([
      expect.objectContaining({
        page: '/docs/tools/git',
        title: 'Git',
        yes: 0,
        no: 1,
        comments: [
          expect.objectContaining({text: 'The rebase steps are out of date', helpful: false}),
        ],
      }),
    ]);
    expect((shown.perDay as {searches: number}[]).at(-1)?.searches).toBe(2);
  });

  it('keeps no e-mail address, account id or session in any row', async () => {
    const rows = await allRows(location);
    expect(rowCount(rows)).toBeGreaterThan(0);
    const text = JSON.stringify(rows);
    const {uid} = await adminAuth().getUserByEmail(READER);
    for (const secret of [READER, 'studio.example', uid, reader.split('=')[1] ?? 'none']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers a reader who is not a viewer 403 on the page, its report, its tables and its data', async () => {
    const page = await fetch(`${gate.base}/insights`, {
      headers: {cookie: reader, accept: 'text/html', 'sec-fetch-dest': 'document'},
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain("Reader insights are for the handbook's writers");
    for (const path of [
      '/insights/',
      '/insights/pages.json',
      '/__insights/report?days=30',
      '/__insights/report/content-gaps.csv?days=7',
    ]) {
      const response = await fetch(`${gate.base}${path}`, {headers: {cookie: reader}});
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).not.toContain('zzqxqv');
    }
    expect((await fetch(`${gate.base}/insights`, {headers: {cookie: viewer}})).status).toBe(200);
  });

  it('serves each table as CSV to a viewer, with formula-like text kept as text', async () => {
    await sendEvent(gate.base, reader, {
      type: 'page.feedback',
      page: '/docs/workflow/git-workflow',
      helpful: false,
      comment: '=HYPERLINK("http://evil.example","click")',
    });
    const csv = await eventually(async () => {
      const response = await fetch(`${gate.base}/__insights/report/pages.csv?days=7`, {
        headers: {cookie: viewer},
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="handbook-pages-7d.csv"',
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      // A byte-order mark, so that a spreadsheet reads the comments as UTF-8.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text).toContain('/docs/workflow/git-workflow');
      return text;
    });
    expect(csv.split('\r\n')[0]).toBe('page,title,yes,no,comments,last_updated,owner');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const gapsCsv = await fetch(`${gate.base}/__insights/report/content-gaps.csv?days=30`, {
      headers: {cookie: viewer},
    });
    expect(await gapsCsv.text()).toContain('zzqxqv');
    const unknown = await fetch(`${gate.base}/__insights/report/secrets.csv`, {
      headers: {cookie: viewer},
    });
    expect(unknown.status).toBe(404);
    const badPeriod = await fetch(`${gate.base}/__insights/report?days=365`, {
      headers: {cookie: viewer},
    });
    expect(badPeriod.status).toBe(400);
    expect(((await badPeriod.json()) as {message: string}).message).toBe(
      'days must be one of 7, 30, 90.',
    );
  });

  it('refuses bad events with a 400 and its reason, and none of them reaches the store', async () => {
    // Whatever the earlier cases sent is written by now (the test recorder flushes every 20 ms).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = rowCount(await allRows(location));
    const cases: [unknown, string | null, RegExp][] = [
      [null, '{"type":', /JSON/],
      [null, 'x'.repeat(9_000), /at most 8192 bytes/],
      [{type: 'page.view', page: '/docs/tools/git'}, null, /type must be/],
      [
        {type: 'page.feedback', page: '/docs/tools/nowhere', helpful: false},
        null,
        /not a page of this handbook/,
      ],
      [
        {type: 'page.feedback', page: 'https://evil.example/', helpful: false},
        null,
        /must be a path on this site/,
      ],
      [
        {type: 'page.feedback', page: '/docs/tools/git', helpful: 'no'},
        null,
        /helpful must be true or false/,
      ],
      [
        {
          type: 'page.feedback',
          page: '/docs/tools/git',
          helpful: false,
          comment: 'a'.repeat(1_001),
        },
        null,
        /at most 1000 characters/,
      ],
      [
        {type: 'page.feedback', page: '/docs/tools/git', helpful: false, comment: 'bell\u0007'},
        null,
        /control characters/,
      ],
      [
        {type: 'page.feedback', page: '/docs/tools/git', helpful: true, comment: 'great'},
        null,
        /goes with a "No"/,
      ],
      [
        {type: 'page.feedback', page: '/docs/tools/git', helpful: false, email: READER},
        null,
        /Unrecognized key/i,
      ],
      [
        {type: 'search.click', queryID: 'not-an-id', url: '/docs/tools/git', position: 1},
        null,
        /queryID/,
      ],
      [
        {type: 'search.click', queryID: 'a'.repeat(32), url: '/docs/tools/git', position: 0},
        null,
        /position must be at least 1/,
      ],
      [
        {type: 'askai.comment', messageId: 'askai-AAAAAAAAAAAA', comment: '   '},
        null,
        /must not be empty/,
      ],
    ];
    for (const [event, raw, reason] of cases) {
      const response = await sendEvent(gate.base, reader, event, raw ?? undefined);
      const body = (await response.json()) as {status: number; message: string};
      expect(response.status, JSON.stringify(event ?? raw).slice(0, 80)).toBe(400);
      expect(body.message).toMatch(reason);
    }
    const foreign = await fetch(`${gate.base}/__insights/events`, {
      method: 'POST',
      headers: {cookie: reader, origin: 'https://evil.example', 'content-type': 'application/json'},
      body: JSON.stringify({type: 'page.feedback', page: '/docs/tools/git', helpful: true}),
    });
    expect(foreign.status).toBe(403);
    const anonymous = await sendEvent(gate.base, '', {
      type: 'page.feedback',
      page: '/docs/tools/git',
      helpful: true,
    });
    expect(anonymous.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rowCount(await allRows(location))).toBe(before);
  });

  it('never answers a malformed event with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .record(
              {
                type: fc.constantFrom('page.feedback', 'search.click', 'askai.comment'),
                page: fc.string(),
                url: fc.string(),
                helpful: fc.anything(),
                comment: fc.anything(),
                queryID: fc.string(),
                position: fc.anything(),
                messageId: fc.string(),
              },
              {requiredKeys: ['type']},
            )
            .map((value) => JSON.stringify(value)),
        ),
        async (body) => {
          const response = await gate.app.inject({
            method: 'POST',
            url: '/__insights/events',
            headers: {
              cookie: reader,
              'content-type': 'application/json',
              host: new URL(gate.base).host,
            },
            payload: body,
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(200);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      {numRuns: 150},
    );
  });
});
