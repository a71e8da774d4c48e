import {pino} from 'pino';

/**
 * The most one asynchronous write of the log takes from its buffer (SonicBoom's `maxWrite`,
 * default 16 KiB). A busy event loop finishes about one write per turn, so with the default the
 * log fell behind the request lines of 1,024 connections (30,000 a second) and its buffer grew
 * without bound. Sweep, `npm run gate-throughput -w bench`, one run each (bench/README.md,
 * issue 27, "The log's buffer"), RSS over the 1,024-connection run / 64-connection ratio:
 * 16 KiB 536 → 630 MB, 0.38×; **256 KiB 538 → 547 MB, 0.45×**; 1 MiB 546 → 556 MB, 0.41×
 * (SonicBoom measures the byte length of the string it appends to on every write, so a larger
 * write costs more main-thread time).
 */
export const LOG_MAX_WRITE = 256 * 1024;
/**
 * The log's buffer at most (SonicBoom's `maxLength`): about a second of request lines at the
 * gate's peak (30,000 a second × about 0.4 KB). Past it, lines are dropped and counted: a disk or
 * pipe that stalls costs log lines, never the gate's memory.
 */
export const LOG_MAX_BUFFER = 16 * 1024 * 1024;

export type LogDestination = ReturnType<typeof pino.destination>;

/** pino's asynchronous destination on a file descriptor, its writes large and its buffer bounded. */
export function logDestination(fd: number): LogDestination {
  return pino.destination({
    dest: fd,
    sync: false,
    minLength: 4096,
    maxWrite: LOG_MAX_WRITE,
    maxLength: LOG_MAX_BUFFER,
    periodicFlush: 100,
  });
}

/** Calls `dropped` with the number of lines of every chunk the full buffer refused. */
export function countDrops(destination: LogDestination, dropped: (lines: number) => void): void {
  destination.on('drop', (data: unknown) => {
    const text = String(data);
    let lines = 0;
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
    dropped(Math.max(lines, 1));
  });
}
