/** A doc page not updated for this many months asks readers to check it with its owner. */
export const DEFAULT_STALE_AFTER_MONTHS = 12;

/** Reads STALE_PAGE_MONTHS: a whole number of months, or 0 to turn the notice off. */
export function staleAfterMonths(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_STALE_AFTER_MONTHS;
  const months = Number(value);
  if (!Number.isInteger(months) || months < 0) {
    throw new Error(
      `STALE_PAGE_MONTHS must be a whole number of months (0 turns the notice off), not "${value}".`,
    );
  }
  return months;
}

/** Whether a page last updated at `lastUpdatedAt` (ms) is stale at `now` (calendar months). */
export function isStale(lastUpdatedAt: number, now: number, months: number): boolean {
  if (months === 0) return false;
  const threshold = new Date(lastUpdatedAt);
  threshold.setUTCMonth(threshold.getUTCMonth() + months);
  return now >= threshold.getTime();
}
