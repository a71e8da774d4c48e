import {Transform, type TransformCallback} from 'node:stream';

/**
 * `npm start` shows the gate's log as plain sentences instead of pino's JSON: one line per
 * request ("GET /docs/ 200 4 ms"), from the gate's "request completed" entry (or Fastify's pair
 * of "incoming request" and "request completed" entries), and "warn: …" for everything else.
 * Lines that are not JSON pass as they are.
 */
type Entry = {
  level?: number;
  msg?: string;
  reqId?: string;
  req?: {method?: string; url?: string};
  res?: {statusCode?: number};
  responseTime?: number;
  err?: {message?: string};
};

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

export function readableLog(): Transform {
  const pending = new Map<string, string>();
  let rest = '';
  const format = (line: string): string | null => {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      return line;
    }
    if (typeof entry !== 'object' || entry === null) return line;
    if (entry.msg === 'incoming request' && entry.reqId !== undefined) {
      pending.set(entry.reqId, `${entry.req?.method ?? '?'} ${entry.req?.url ?? '?'}`);
      return null;
    }
    if (
      entry.msg === 'request completed' &&
      (entry.req !== undefined || entry.reqId !== undefined)
    ) {
      const paired = entry.reqId === undefined ? undefined : pending.get(entry.reqId);
      if (entry.reqId !== undefined) pending.delete(entry.reqId);
      const request =
        entry.req !== undefined
          ? `${entry.req.method ?? '?'} ${entry.req.url ?? '?'}`
          : (paired ?? 'request');
      return `${request} ${entry.res?.statusCode ?? '?'} ${Math.round(entry.responseTime ?? 0)} ms`;
    }
    const level = LEVELS[entry.level ?? 30] ?? 'info';
    const detail = entry.err?.message ? ` (${entry.err.message})` : '';
    return `${level}: ${entry.msg ?? line}${detail}`;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      const out = lines.map(format).filter((line): line is string => line !== null);
      callback(null, out.length > 0 ? `${out.join('\n')}\n` : '');
    },
    flush(callback: TransformCallback) {
      const last = rest === '' ? null : format(rest);
      callback(null, last === null ? '' : `${last}\n`);
    },
  });
}
