const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A page's last-update date as the footer shows it, "Nov 23, 2026" (UTC): the text
 * `Intl.DateTimeFormat('en', {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'})`
 * gives, without Intl. The handbook is English only, and creating the first DateTimeFormat
 * initialises ICU's date data: a sixth of a phone's longest hydration task (issue 14).
 */
export function formatLastUpdated(timestampMs: number): string {
  const date = new Date(timestampMs);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
