import {hostname} from 'node:os';
import type {RequestObserver} from './requestObserver';

/** Where the log's lines go: pino's own destination (a SonicBoom), so lines keep their order. */
export type LogDestination = {write(chunk: string): unknown; flushSync?(): void};

export type RequestLog = RequestObserver & {
  /** Writes the lines still waiting (the app's close, and the process's exit, call it). */
  flush(): void;
};

const FLUSH_EVERY_MS = 100;
const FLUSH_AT_LINES = 256;

/**
 * The request log at `info`: one line per request, in pino's JSON shape (`msg` "request
 * completed", with `req`, `res` and `responseTime`, what Fastify's own pair of lines said),
 * built from the observation without pino's serialisers and written in batches. The hot path
 * only formats a short string and pushes it; a timer (every 100 ms, or at 256 lines) writes
 * the batch in one go to the logger's destination.
 */
export function requestLog(destination: LogDestination): RequestLog {
  const prefix = `{"level":30,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  let pending: string[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer !== null) {
      clearTimeout(timer);
      timer = null;
    }
    if (pending.length === 0) return;
    const lines = pending.join('');
    pending = [];
    destination.write(lines);
  };
  // The method is one of llhttp's known tokens, so it needs no escaping; the URL does.
  const observe: RequestObserver = ({method, url, statusCode, durationMs}) => {
    pending.push(
      `${prefix},"time":${Date.now()},"req":{"method":"${method}","url":${JSON.stringify(url)}},"res":{"statusCode":${statusCode}},"responseTime":${Math.round(durationMs * 1000) / 1000},"msg":"request completed"}\n`,
    );
    if (pending.length >= FLUSH_AT_LINES) flush();
    else if (timer === null) {
      timer = setTimeout(flush, FLUSH_EVERY_MS);
      timer.unref();
    }
  };
  return Object.assign(observe, {flush});
}
