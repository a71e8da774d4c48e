import {describe, expect, it} from 'vitest';
import {requestLog} from '../src/observe/requestLog';

describe('the request log', () => {
  it('writes one pino-shaped line per request, in batches, with the URL escaped', async () => {
    const writes: string[] = [];
    const log = requestLog({write: (chunk) => writes.push(chunk)});
    log({
      method: 'GET',
      url: '/docs/"x"\\',
      statusCode: 200,
      durationMs: 0.4567,
      answeredBy: 'page',
    });
    log({method: 'POST', url: '/__session', statusCode: 401, durationMs: 3, answeredBy: 'route'});
    expect(writes).toEqual([]); // nothing written on the request's path
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(writes).toHaveLength(1);
    const lines = (writes[0] ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {method: 'GET', url: '/docs/"x"\\'},
      res: {statusCode: 200},
      responseTime: 0.457,
    });
    expect(lines[1]).toMatchObject({
      req: {method: 'POST', url: '/__session'},
      res: {statusCode: 401},
    });
    expect(typeof lines[0]?.time).toBe('number');
  });

  it('flushes what is left when asked (the app closing)', () => {
    const writes: string[] = [];
    const log = requestLog({write: (chunk) => writes.push(chunk)});
    log({method: 'GET', url: '/', statusCode: 200, durationMs: 1, answeredBy: 'page'});
    log.flush();
    expect(writes.join('')).toContain('"url":"/"');
  });
});
