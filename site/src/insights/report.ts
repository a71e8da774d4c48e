/** The gate's report (server/src/insights/report.ts), as /insights reads it. */
export type Period = 7 | 30 | 90;
export const PERIODS: readonly Period[] = [7, 30, 90];

export type NearestPage = {url: string; title: string};

export type Report = {
  days: Period;
  since: number;
  generatedAt: number;
  totals: {searches: number; questions: number; refused: number};
  perDay: {day: string; searches: number; readers: number; questions: number; refused: number}[];
  topSearches: {
    query: string;
    searches: number;
    readers: number;
    clickThrough: number;
    meanPosition: number | null;
  }[];
  gaps: {
    text: string;
    searches: number;
    questions: number;
    lastSeen: number;
    nearest: NearestPage | null;
  }[];
  thumbsDown: {at: number; question: string | null; cited: string[]; comment: string | null}[];
  pages: {
    page: string;
    title: string;
    yes: number;
    no: number;
    comments: {at: number; helpful: boolean; text: string}[];
    lastUpdatedAt: number | null;
    owner: string | null;
  }[];
};

export type ReportState =
  | {status: 'loading'}
  | {status: 'ready'; report: Report}
  | {status: 'forbidden'; message: string}
  | {status: 'failed'; message: string};

export async function fetchReport(days: Period, signal: AbortSignal): Promise<ReportState> {
  const response = await fetch(`/__insights/report?days=${days}`, {
    credentials: 'same-origin',
    signal,
  });
  if (response.ok) return {status: 'ready', report: (await response.json()) as Report};
  const body = (await response.json().catch(() => null)) as {message?: string} | null;
  const message = body?.message ?? `The handbook answered ${response.status}.`;
  return response.status === 403 || response.status === 401
    ? {status: 'forbidden', message}
    : {status: 'failed', message};
}

export function csvUrl(table: string, days: Period): string {
  return `/__insights/report/${table}.csv?days=${days}`;
}

const dateFormat = {year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC'} as const;

export function formatDate(at: number): string {
  return new Date(at).toLocaleDateString('en', dateFormat);
}

export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
