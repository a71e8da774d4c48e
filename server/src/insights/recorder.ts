import type {InsightEvent} from './events';

export type DropReason = 'full' | 'store' | 'unavailable';

export type RecorderOptions = {
  /** Writes one batch; may be slow or fail, the recorder never waits for it on a reader's behalf. */
  readonly write: (batch: readonly InsightEvent[]) => Promise<void>;
  /** Events held at most: past this, new events are dropped and counted. */
  readonly capacity?: number;
  readonly batchSize?: number;
  /** How long an event may wait for its batch. */
  readonly flushIntervalMs?: number;
  /** A write that takes longer counts as failed (its events as dropped) and the next one starts. */
  readonly writeTimeoutMs?: number;
  readonly onDrop?: (reason: DropReason, count: number) => void;
  readonly onWriteError?: (error: unknown, count: number) => void;
};

export const DEFAULT_CAPACITY = 10_000;
export const DEFAULT_BATCH_SIZE = 500;
export const DEFAULT_FLUSH_INTERVAL_MS = 500;
export const DEFAULT_WRITE_TIMEOUT_MS = 10_000;

/**
 * Records events off the request path: `record` only appends to a bounded in-memory queue and
 * returns at once; a timer writes the queue in batches, one write at a time. A slow store fills
 * the queue, a full queue drops new events (counted), a failed write drops its batch (counted):
 * none of it ever reaches the reader's request.
 */
export class EventRecorder {
  private queue: InsightEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private closed = false;
  private readonly capacity: number;
  private readonly batchSize: number;
  private readonly flushIntervalMs: number;
  private readonly writeTimeoutMs: number;
  readonly dropped: Record<DropReason, number> = {full: 0, store: 0, unavailable: 0};
  written = 0;

  constructor(private readonly options: RecorderOptions) {
    this.capacity = options.capacity ?? DEFAULT_CAPACITY;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
    this.flushIntervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
    this.writeTimeoutMs = options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  }

  /** Events waiting to be written. */
  get depth(): number {
    return this.queue.length;
  }

  record(event: InsightEvent): void {
    if (this.closed || this.queue.length >= this.capacity) {
      this.drop('full', 1);
      return;
    }
    this.queue.push(event);
    this.schedule();
  }

  /** Counts events that never reached the queue (the store is not open). */
  drop(reason: DropReason, count: number): void {
    this.dropped[reason] += count;
    this.options.onDrop?.(reason, count);
  }

  private schedule(): void {
    if (this.timer !== null || this.writing !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.writeNext();
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  private writeNext(): Promise<void> {
    if (this.writing !== null) return this.writing;
    if (this.queue.length === 0) return Promise.resolve();
    const batch = this.queue.splice(0, this.batchSize);
    this.writing = this.writeBatch(batch).finally(() => {
      this.writing = null;
      if (this.queue.length > 0) this.schedule();
    });
    return this.writing;
  }

  private async writeBatch(batch: InsightEvent[]): Promise<void> {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.options.write(batch),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error(`the store did not answer within ${this.writeTimeoutMs} ms`)),
            this.writeTimeoutMs,
          );
          timeout.unref();
        }),
      ]);
      this.written += batch.length;
    } catch (error) {
      this.drop('store', batch.length);
      this.options.onWriteError?.(error, batch.length);
    } finally {
      clearTimeout(timeout);
    }
  }

  /** Writes everything queued so far (tests, shutdown). */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.writing !== null || this.queue.length > 0) {
      await (this.writing ?? this.writeNext());
    }
  }

  /** Stops taking events and writes what is queued, within `deadlineMs`. */
  async close(deadlineMs = 5_000): Promise<void> {
    this.closed = true;
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([
      this.flush(),
      new Promise<void>((resolve) => {
        deadline = setTimeout(resolve, deadlineMs);
        deadline.unref();
      }),
    ]);
    clearTimeout(deadline);
    if (this.queue.length > 0) this.drop('store', this.queue.splice(0).length);
  }
}
