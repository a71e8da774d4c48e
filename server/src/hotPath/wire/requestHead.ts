/**
 * A GET request's head as the wire front reads it: only what the page hot path needs.
 * `null` from `readRequestHead` means "not one of the plain requests the front answers",
 * never "bad request": node:http (llhttp) then reads the same bytes and decides.
 */
export type PlainGet = {
  /** The request target exactly as sent: a path, matched against the response table as is. */
  readonly url: string;
  readonly cookie: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly acceptEncoding: string | undefined;
};

/**
 * The largest head the front reads; a longer one goes to node:http, which answers 431 past its
 * own limit (`--max-http-header-size`, 16 KiB by default).
 */
export const MAX_HEAD_BYTES = 16 * 1024;

/** At most this many header lines (a browser sends 10 to 20). */
const MAX_HEADER_LINES = 64;

// RFC 9112 §3: `GET SP request-target SP HTTP/1.1`, origin-form only, visible ASCII only.
const REQUEST_LINE = /^GET (\/[\x21-\x7e]*) HTTP\/1\.1$/;
// RFC 9110 §5.1 and §5.5: a token, a colon with no space before it, then visible ASCII, space
// and tab (no obs-text, no obs-fold, no control characters; no CR or LF inside a line).
// (Greedy, so no backtracking over a long cookie; the value's trailing spaces go afterwards.)
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[\t ]*([\t \x21-\x7e]*)$/;

/** Headers that, present at all, make the request something other than a plain GET. */
const NOT_PLAIN = new Set(['content-length', 'transfer-encoding', 'upgrade', 'expect', 'te']);

/**
 * Reads a request head (from its first byte up to, not including, the blank line that ends it)
 * when it is a plain HTTP/1.1 GET that keeps its connection: a request line in origin-form,
 * exactly one Host, at most one Cookie, If-None-Match and Accept-Encoding, no body headers, no
 * Upgrade or Expect, and a Connection header, if any, of exactly `keep-alive`. Every byte is
 * checked against the grammar's strict form; anything else (or anything longer than
 * `MAX_HEAD_BYTES`) is left to node:http by returning null. What this accepts is a subset of
 * what llhttp accepts, read the same way, so the two can never disagree on where a request
 * ends: a plain GET has no body, and its head ends at the first empty line.
 */
export function readRequestHead(head: string): PlainGet | null {
  if (head.length > MAX_HEAD_BYTES) return null;
  const lines = head.split('\r\n');
  if (lines.length > MAX_HEADER_LINES + 1) return null;
  const requestLine = REQUEST_LINE.exec(lines[0] ?? '');
  if (requestLine === null) return null;
  let hosts = 0;
  let cookie: string | undefined;
  let ifNoneMatch: string | undefined;
  let acceptEncoding: string | undefined;
  for (let i = 1; i < lines.length; i += 1) {
    const field = HEADER_LINE.exec(lines[i] ?? '');
    if (field === null) return null;
    const name = (field[1] ?? '').toLowerCase();
    // Only space and tab can end the value here, so trimEnd removes exactly its trailing OWS.
    const value = (field[2] ?? '').trimEnd();
    switch (name) {
      case 'host':
        hosts += 1;
        break;
      case 'cookie':
        if (cookie !== undefined) return null;
        cookie = value;
        break;
      case 'if-none-match':
        if (ifNoneMatch !== undefined) return null;
        ifNoneMatch = value;
        break;
      case 'accept-encoding':
        if (acceptEncoding !== undefined) return null;
        acceptEncoding = value;
        break;
      case 'connection':
        if (value.toLowerCase() !== 'keep-alive') return null;
        break;
      default:
        if (NOT_PLAIN.has(name)) return null;
    }
  }
  if (hosts !== 1) return null;
  return {url: requestLine[1] ?? '', cookie, ifNoneMatch, acceptEncoding};
}
