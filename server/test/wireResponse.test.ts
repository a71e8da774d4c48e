import {afterEach, describe, expect, it, vi} from 'vitest';
import {ResponseBytes} from '../src/hotPath/wire/wireResponse';

afterEach(() => vi.useRealTimers());

const headers = ['content-type', 'text/html; charset=utf-8', 'content-length', '5'];

describe('the wire front’s ready responses', () => {
  it('are the status line, headers, Date, the keep-alive lines and the body, as node:http writes them', () => {
    vi.useFakeTimers({now: Date.UTC(2026, 10, 29, 6, 30, 0, 250)});
    const bytes = new ResponseBytes(72_000).of(200, headers, Buffer.from('hello'));
    expect(bytes.toString('latin1')).toBe(
      'HTTP/1.1 200 OK\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: 5\r\n' +
        'Date: Sun, 29 Nov 2026 06:30:00 GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=72\r\n\r\nhello',
    );
  });

  it('are made once a second, and again with the new Date in the next', () => {
    vi.useFakeTimers({now: Date.UTC(2026, 10, 29, 6, 30, 0, 100)});
    const ready = new ResponseBytes(5_000);
    const first = ready.of(200, headers, Buffer.from('hello'));
    vi.setSystemTime(Date.UTC(2026, 10, 29, 6, 30, 0, 900));
    expect(ready.of(200, headers, Buffer.from('hello'))).toBe(first);
    vi.setSystemTime(Date.UTC(2026, 10, 29, 6, 30, 1, 0));
    const next = ready.of(200, headers, Buffer.from('hello'));
    expect(next).not.toBe(first);
    expect(next.toString('latin1')).toContain('Date: Sun, 29 Nov 2026 06:30:01 GMT\r\n');
  });

  it('carry no body for a 304', () => {
    const bytes = new ResponseBytes(5_000).of(304, ['etag', '"e1"'], undefined);
    expect(bytes.toString('latin1')).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n[^]*\r\n\r\n$/);
  });

  it('refuse a header value node:http would refuse, as writeHead would', () => {
    expect(() =>
      new ResponseBytes(5_000).of(200, ['x-bad', 'a\r\nx-injected: 1'], undefined),
    ).toThrow(/Invalid character/);
  });
});
