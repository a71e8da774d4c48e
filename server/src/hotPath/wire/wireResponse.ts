import {STATUS_CODES, validateHeaderName, validateHeaderValue} from 'node:http';

/**
 * The status line and header lines of a response (a flat name/value list, as writeHead takes
 * it), each name and value checked as node:http checks them on every writeHead: an invalid
 * one throws the first time the reply is made, as writeHead would.
 */
function headLines(status: number, headers: readonly string[]): string {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Unknown'}\r\n`;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = headers[i] ?? '';
    const value = headers[i + 1] ?? '';
    validateHeaderName(name);
    validateHeaderValue(name, value);
    text += `${name}: ${value}\r\n`;
  }
  return text;
}

/**
 * Whole responses, each one buffer (status line, headers, `Date`, the lines node:http adds for
 * a kept-alive connection, body), so that sending one is a single write of bytes made ready:
 * what node:http's writeHead builds, validates and converts on every request. They are kept
 * for the current second only, since `Date` changes each second (RFC 9110 §6.6.1, the
 * IMF-fixdate node:http writes): a reply is made again the first time it is sent in a new
 * second. What this holds is bounded by the build (each file's encodings) and let go each second.
 */
export class ResponseBytes {
  readonly keepAliveTimeoutMs: number;
  private readonly ending: string;
  private second = -1;
  private dateLine = '';
  private made = new Map<readonly string[], Map<number, Buffer>>();

  constructor(keepAliveTimeoutMs: number) {
    this.keepAliveTimeoutMs = keepAliveTimeoutMs;
    const seconds = Math.floor(keepAliveTimeoutMs / 1000);
    // As node:http ends the head of a response on a connection it keeps open.
    this.ending = `Connection: keep-alive\r\n${seconds > 0 ? `Keep-Alive: timeout=${seconds}\r\n` : ''}\r\n`;
  }

  /** The bytes of this reply, as of now. */
  of(status: number, headers: readonly string[], body: Buffer | undefined): Buffer {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
      this.made = new Map();
    }
    let byStatus = this.made.get(headers);
    if (byStatus === undefined) {
      byStatus = new Map();
      this.made.set(headers, byStatus);
    }
    let bytes = byStatus.get(status);
    if (bytes === undefined) {
      const head = Buffer.from(headLines(status, headers) + this.dateLine + this.ending, 'latin1');
      bytes = body === undefined ? head : Buffer.concat([head, body]);
      byStatus.set(status, bytes);
    }
    return bytes;
  }
}
