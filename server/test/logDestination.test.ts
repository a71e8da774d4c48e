import {once} from 'node:events';
import {mkdtempSync, openSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {countDrops, LOG_MAX_BUFFER, logDestination} from '../src/observe/logDestination';

describe("the log's destination", () => {
  it('holds at most its buffer of lines when writes fall behind, and counts every line it drops', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'log-destination-')), 'gate.log');
    const destination = logDestination(openSync(file, 'a'));
    let dropped = 0;
    countDrops(destination, (lines) => (dropped += lines));
    // Written in one turn of the event loop, as a worker busy with 1,024 connections writes a
    // batch: no write can finish meanwhile, so the buffer fills past its bound.
    const line = `${JSON.stringify({level: 30, msg: 'request completed', url: '/docs/tools/git'.padEnd(300, 'x')})}\n`;
    // The request log writes its lines in batches of 256 (observe/requestLog.ts).
    const batch = line.repeat(256);
    const batches = Math.ceil((1.5 * LOG_MAX_BUFFER) / batch.length);
    const lines = batches * 256;
    for (let i = 0; i < batches; i += 1) destination.write(batch);
    expect(dropped).toBeGreaterThan(0);
    const closed = once(destination, 'close');
    destination.end();
    await closed;
    const written = readFileSync(file, 'utf8').split('\n').length - 1;
    expect(written).toBeLessThanOrEqual(LOG_MAX_BUFFER / line.length + 256);
    expect(written + dropped).toBe(lines);
  });
});
