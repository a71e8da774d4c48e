import {Readable} from 'node:stream';
import {text} from 'node:stream/consumers';
import {describe, expect, it} from 'vitest';
import {readableLog} from '../../src/dev/readableLog';

async function render(lines: readonly string[]): Promise<string> {
  // Split mid-line on purpose: the gate's output arrives in arbitrary chunks.
  const joined = lines.join('\n') + '\n';
  const chunks = [joined.slice(0, 37), joined.slice(37)];
  return text(Readable.from(chunks).pipe(readableLog()));
}

describe("the gate's log in npm start", () => {
  it('prints one readable line per request', async () => {
    const output = await render([
      JSON.stringify({
        level: 30,
        reqId: 'req-1',
        req: {method: 'GET', url: '/docs/'},
        msg: 'incoming request',
      }),
      JSON.stringify({
        level: 30,
        reqId: 'req-1',
        res: {statusCode: 200},
        responseTime: 4.2,
        msg: 'request completed',
      }),
    ]);
    expect(output).toBe('GET /docs/ 200 4 ms\n');
  });

  it("prints the gate's own one-line request entry the same way", async () => {
    const output = await render([
      JSON.stringify({
        level: 30,
        time: 1764086400000,
        req: {method: 'GET', url: '/docs/tools/git'},
        res: {statusCode: 304},
        responseTime: 0.41,
        msg: 'request completed',
      }),
    ]);
    expect(output).toBe('GET /docs/tools/git 304 0 ms\n');
  });

  it('names the level of other entries and keeps the error message', async () => {
    const output = await render([
      JSON.stringify({level: 40, msg: 'session check failed', err: {message: 'emulator down'}}),
      'a line that is not JSON',
    ]);
    expect(output).toBe('warn: session check failed (emulator down)\na line that is not JSON\n');
  });
});
