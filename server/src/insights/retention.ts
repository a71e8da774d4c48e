/** Retention runs at start-up and then once a day; every replica may run it (deletes are idempotent). */
export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The oldest time kept: rows older than `days` days before `now` are deleted. */
export function retentionCutoff(now: number, days: number): number {
  return now - days * DAY_MS;
}

export function scheduleRetention(
  run: () => Promise<void>,
  intervalMs = RETENTION_INTERVAL_MS,
): () => void {
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
