import {monitorEventLoopDelay, performance, type IntervalHistogram} from 'node:perf_hooks';

/** A snapshot of one worker's load, for the log, the bench and a metrics exporter. */
export type LoadStats = {
  /** Event-loop delay since the last snapshot (perf_hooks, 10 ms resolution), milliseconds. */
  readonly eventLoopDelayMs: {readonly p50: number; readonly p99: number; readonly max: number};
  /** Requests taken up in the current event-loop turn, and the most in one turn since the last snapshot. */
  readonly queueLength: {readonly now: number; readonly max: number};
  /** The longest a request waited before this worker took it up, since the last snapshot (ms). */
  readonly maxWaitMs: number;
  /** Requests admitted and shed since the last snapshot, and shed since start. */
  readonly admitted: number;
  readonly shed: number;
  readonly shedTotal: number;
};

export type LoadGuardOptions = {
  /** A request that has waited longer than this is answered 503 at once (ms). */
  readonly shedAfterMs: number;
  readonly now?: () => number;
};

/**
 * Decides, for each request as this worker takes it up, whether it is served or shed. Node
 * takes up the requests that arrived while it was busy one after another in one event-loop
 * turn, in the order the kernel reports their sockets: those requests are the worker's queue.
 * How long a request has waited is, at least, how long this turn has run before reaching it,
 * plus the time the loop was busy (not idle in the kernel) between the previous turn and this
 * one. Past `shedAfterMs` the request gets a 503 with `Retry-After` rather than a late answer,
 * which keeps the turn, and so everyone's wait, short; the next turn that finds the loop
 * caught up serves everyone again.
 */
export class LoadGuard {
  private readonly shedAfterMs: number;
  private readonly now: () => number;
  private readonly delay: IntervalHistogram;
  private turnOpen = false;
  private turnStartMs = 0;
  private turnWaitMs = 0;
  private turnLength = 0;
  private lastTurnEndMs = 0;
  private lastTurnEndIdleMs = 0;
  private maxTurnLength = 0;
  private maxWait = 0;
  private admittedCount = 0;
  private shedCount = 0;
  private shedSinceStart = 0;
  private admittedSinceStart = 0;
  private readonly closeTurn = () => {
    this.turnOpen = false;
    this.lastTurnEndMs = this.now();
    this.lastTurnEndIdleMs = performance.eventLoopUtilization().idle;
  };

  constructor(options: LoadGuardOptions) {
    this.shedAfterMs = options.shedAfterMs;
    this.now = options.now ?? (() => performance.now());
    this.delay = monitorEventLoopDelay({resolution: 10});
    this.delay.enable();
  }

  /** True to serve the request, false to shed it. Called once per request, first thing. */
  admit(): boolean {
    const now = this.now();
    if (!this.turnOpen) {
      this.turnOpen = true;
      this.turnStartMs = now;
      this.turnLength = 0;
      // Between turns the loop was either idle in the kernel (nobody waited) or busy.
      const idle = performance.eventLoopUtilization().idle - this.lastTurnEndIdleMs;
      this.turnWaitMs = this.lastTurnEndMs === 0 ? 0 : Math.max(0, now - this.lastTurnEndMs - idle);
      setImmediate(this.closeTurn);
    }
    this.turnLength += 1;
    if (this.turnLength > this.maxTurnLength) this.maxTurnLength = this.turnLength;
    const waited = this.turnWaitMs + (now - this.turnStartMs);
    if (waited > this.maxWait) this.maxWait = waited;
    if (waited > this.shedAfterMs) {
      this.shedCount += 1;
      this.shedSinceStart += 1;
      return false;
    }
    this.admittedCount += 1;
    this.admittedSinceStart += 1;
    return true;
  }

  /** The figures since the previous snapshot; taking one starts the next period. */
  snapshot(): LoadStats {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const stats: LoadStats = {
      eventLoopDelayMs: {
        p50: ms(this.delay.percentile(50)),
        p99: ms(this.delay.percentile(99)),
        max: ms(this.delay.max),
      },
      queueLength: {now: this.turnOpen ? this.turnLength : 0, max: this.maxTurnLength},
      maxWaitMs: Math.round(this.maxWait * 100) / 100,
      admitted: this.admittedCount,
      shed: this.shedCount,
      shedTotal: this.shedSinceStart,
    };
    this.delay.reset();
    this.maxTurnLength = 0;
    this.maxWait = 0;
    this.admittedCount = 0;
    this.shedCount = 0;
    return stats;
  }

  /** Figures that only grow or are read as they are now (a metrics exporter's counters and gauges). */
  totals(): {readonly admitted: number; readonly shed: number; readonly queueLength: number} {
    return {
      admitted: this.admittedSinceStart,
      shed: this.shedSinceStart,
      queueLength: this.turnOpen ? this.turnLength : 0,
    };
  }

  stop(): void {
    this.delay.disable();
  }
}
