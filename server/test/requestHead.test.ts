import {describe, expect, it} from 'vitest';
import {MAX_HEAD_BYTES, readRequestHead} from '../src/hotPath/wire/requestHead';

const plain = (...lines: string[]) =>
  ['GET /docs/tools/git HTTP/1.1', 'Host: handbook.test', ...lines].join('\r\n');

describe('the wire front reads a request head', () => {
  it('reads a browser-shaped plain GET: its URL, cookie, validator and encodings', () => {
    const head = plain(
      'User-Agent: Mozilla/5.0',
      'Accept: text/html',
      'Accept-Encoding:  gzip, deflate, br  ',
      'Cookie: handbook_session=abc.def',
      'If-None-Match: "e1"',
      'Connection: keep-alive',
      'Sec-Fetch-Mode: navigate',
    );
    expect(readRequestHead(head)).toEqual({
      url: '/docs/tools/git',
      cookie: 'handbook_session=abc.def',
      ifNoneMatch: '"e1"',
      acceptEncoding: 'gzip, deflate, br',
    });
  });

  it('reads header names in any case, as HTTP defines them', () => {
    expect(readRequestHead(plain('COOKIE: a=1'))?.cookie).toBe('a=1');
    expect(readRequestHead(plain('connection: Keep-Alive'))).not.toBeNull();
  });

  it.each([
    ['another method', 'HEAD /docs/tools/git HTTP/1.1\r\nHost: h'],
    ['a lower-case method', 'get /docs/tools/git HTTP/1.1\r\nHost: h'],
    ['HTTP/1.0', 'GET /docs/tools/git HTTP/1.0\r\nHost: h'],
    ['an absolute-form target', 'GET http://h/docs/tools/git HTTP/1.1\r\nHost: h'],
    ['two spaces in the request line', 'GET  /docs/tools/git HTTP/1.1\r\nHost: h'],
    ['a leading empty line', '\r\nGET /docs/tools/git HTTP/1.1\r\nHost: h'],
    ['no Host', 'GET /docs/tools/git HTTP/1.1\r\nAccept: */*'],
    ['two Hosts', plain('Host: other.test')],
    ['two Cookie headers', plain('Cookie: a=1', 'Cookie: b=2')],
    ['two If-None-Match headers', plain('If-None-Match: "a"', 'If-None-Match: "b"')],
    ['two Accept-Encoding headers', plain('Accept-Encoding: br', 'Accept-Encoding: gzip')],
    ['Content-Length, even 0', plain('Content-Length: 0')],
    ['Transfer-Encoding', plain('Transfer-Encoding: chunked')],
    ['Upgrade', plain('Upgrade: websocket')],
    ['Expect', plain('Expect: 100-continue')],
    ['Connection: close', plain('Connection: close')],
    ['Connection: keep-alive, Upgrade', plain('Connection: keep-alive, Upgrade')],
    ['a space before the colon', plain('Cookie : a=1')],
    ['a folded line (obs-fold)', plain('Cookie: a=1', ' b=2')],
    ['a bare LF inside the head', plain('Cookie: a=1\nX-Smuggle: 1')],
    ['a bare CR inside the head', plain('Cookie: a=1\rX: 1')],
    ['a control character in a value', plain('Cookie: a=\x001')],
    ['a byte beyond ASCII in a value', plain('Cookie: a=\u00e9')],
    ['a byte beyond ASCII in the target', 'GET /docs/\u00e9 HTTP/1.1\r\nHost: h'],
    ['a header name with a separator', plain('Coo(kie: a=1')],
    ['a line with no colon', plain('Cookie')],
  ])('leaves a head with %s to node:http', (_name, head) => {
    expect(readRequestHead(head)).toBeNull();
  });

  it('leaves to node:http a head longer than its limit or with too many lines', () => {
    expect(readRequestHead(plain(`X-Long: ${'a'.repeat(MAX_HEAD_BYTES)}`))).toBeNull();
    const many = Array.from({length: 100}, (_, i) => `X-${i}: 1`);
    expect(readRequestHead(plain(...many))).toBeNull();
  });
});
