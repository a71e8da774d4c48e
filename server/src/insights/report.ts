import type {InsightsStore} from './store/insightsStore';
import {dayOf} from './events';
import type {NearestPage} from './nearestPage';
import type {PageFact} from './pageFacts';

/** The periods /insights offers, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
/** Rows per table: the page shows the head of each list, the CSV a longer one. */
export const PAGE_ROWS = 50;
export const CSV_ROWS = 5_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type Report = {
  readonly days: Period;
  readonly since: number;
  readonly generatedAt: number;
  readonly totals: {searches: number; questions: number; refused: number};
  readonly perDay: {
    day: string;
    searches: number;
    readers: number;
    questions: number;
    refused: number;
  }[];
  readonly topSearches: {
    query: string;
    searches: number;
    readers: number;
    clickThrough: number;
    meanPosition: number | null;
  }[];
  readonly gaps: {
    text: string;
    searches: number;
    questions: number;
    lastSeen: number;
    nearest: NearestPage | null;
  }[];
  readonly thumbsDown: {
    at: number;
    question: string | null;
    cited: string[];
    comment: string | null;
  }[];
  readonly pages: {
    page: string;
    title: string;
    yes: number;
    no: number;
    comments: {at: number; helpful: boolean; text: string}[];
    lastUpdatedAt: number | null;
    owner: string | null;
  }[];
};

export type ReportSources = {
  readonly store: InsightsStore;
  readonly pageFacts: ReadonlyMap<string, PageFact>;
  readonly nearestPage: (text: string) => NearestPage | null;
  readonly titleOf: (url: string) => string;
};

/** Every day of the period, oldest first, so a quiet day shows as a zero, not a gap. */
function daysOf(since: number, until: number): string[] {
  const days: string[] = [];
  for (let at = since; dayOf(at) <= dayOf(until); at += DAY_MS) days.push(dayOf(at));
  return [...new Set(days)];
}

export async function buildReport(
  sources: ReportSources,
  days: Period,
  now: number,
  rows = PAGE_ROWS,
): Promise<Report> {
  const {store} = sources;
  const since = now - days * DAY_MS;
  const [searchDays, questionDays, top, noResults, refused, thumbsDown, votes, comments] =
    await Promise.all([
      store.searchesPerDay(since),
      store.questionsPerDay(since),
      store.topSearches(since, rows),
      store.noResultSearches(since, rows),
      store.refusedQuestions(since, rows),
      store.thumbsDown(since, rows),
      store.pageVotes(since),
      store.pageComments(since, rows * 10),
    ]);
  const clicks = await store.clicksOf(
    since,
    top.map((row) => row.normalised),
  );

  const searchesByDay = new Map(searchDays.map((row) => [row.day, row]));
  const questionsByDay = new Map(questionDays.map((row) => [row.day, row]));
  const perDay = daysOf(since, now).map((day) => ({
    day,
    searches: Number(searchesByDay.get(day)?.searches ?? 0),
    readers: Number(searchesByDay.get(day)?.readers ?? 0),
    questions: Number(questionsByDay.get(day)?.questions ?? 0),
    refused: Number(questionsByDay.get(day)?.refused ?? 0),
  }));

  const clicksOf = new Map(clicks.map((row) => [row.normalised, row]));
  const topSearches = top.map((row) => ({
    query: row.normalised,
    searches: Number(row.searches),
    readers: Number(row.readers),
    clickThrough: Number(row.searches) === 0 ? 0 : row.clicked / Number(row.searches),
    meanPosition:
      clicksOf.get(row.normalised) === undefined
        ? null
        : Number(clicksOf.get(row.normalised)?.meanPosition),
  }));

  // The content-gap list: what readers looked for and the handbook did not have, by text.
  const gaps = new Map<
    string,
    {text: string; searches: number; questions: number; lastSeen: number; nearest: string | null}
  >();
  for (const row of noResults) {
    gaps.set(row.normalised, {
      text: row.text,
      searches: Number(row.count),
      questions: 0,
      lastSeen: Number(row.lastAt),
      nearest: null,
    });
  }
  for (const row of refused) {
    const gap = gaps.get(row.normalised);
    if (gap) {
      gap.questions = Number(row.count);
      gap.lastSeen = Math.max(gap.lastSeen, Number(row.lastAt));
      gap.nearest = row.nearest;
    } else {
      gaps.set(row.normalised, {
        text: row.text,
        searches: 0,
        questions: Number(row.count),
        lastSeen: Number(row.lastAt),
        nearest: row.nearest,
      });
    }
  }
  const gapRows = [...gaps.values()]
    .sort(
      (a, b) => b.searches + b.questions - (a.searches + a.questions) || b.lastSeen - a.lastSeen,
    )
    .slice(0, rows)
    .map((gap) => ({
      text: gap.text,
      searches: gap.searches,
      questions: gap.questions,
      lastSeen: gap.lastSeen,
      nearest:
        gap.nearest === null
          ? sources.nearestPage(gap.text)
          : {url: gap.nearest, title: sources.titleOf(gap.nearest)},
    }));

  const pages = new Map<string, Report['pages'][number]>();
  const pageRow = (page: string) => {
    let row = pages.get(page);
    if (!row) {
      const fact = sources.pageFacts.get(page);
      row = {
        page,
        title: fact?.title ?? sources.titleOf(page),
        yes: 0,
        no: 0,
        comments: [],
        lastUpdatedAt: fact?.lastUpdatedAt ?? null,
        owner: fact?.owner ?? fact?.lastUpdatedBy ?? null,
      };
      pages.set(page, row);
    }
    return row;
  };
  for (const vote of votes) Object.assign(pageRow(vote.page), {yes: vote.yes, no: vote.no});
  for (const comment of comments) {
    pageRow(comment.page).comments.push({
      at: comment.at,
      helpful: comment.helpful,
      text: comment.comment,
    });
  }
  const pageRows = [...pages.values()]
    .sort((a, b) => b.no - a.no || a.yes - b.yes || a.page.localeCompare(b.page))
    .slice(0, rows);

  return {
    days,
    since,
    generatedAt: now,
    totals: {
      searches: perDay.reduce((sum, day) => sum + day.searches, 0),
      questions: perDay.reduce((sum, day) => sum + day.questions, 0),
      refused: perDay.reduce((sum, day) => sum + day.refused, 0),
    },
    perDay,
    topSearches,
    gaps: gapRows,
    thumbsDown,
    pages: pageRows,
  };
}
