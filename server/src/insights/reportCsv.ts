import {stringify} from 'csv-stringify/sync';
import type {Report} from './report';

export const CSV_TABLES = [
  'per-day',
  'top-searches',
  'content-gaps',
  'thumbs-down',
  'pages',
] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

const iso = (at: number | null) => (at === null ? '' : new Date(at).toISOString());
const percent = (share: number) => (share * 100).toFixed(1);

/**
 * A cell a spreadsheet would run as a formula (`=HYPERLINK(…)` typed into a comment) is kept as
 * text with a leading apostrophe, as OWASP advises for CSV exports.
 */
function safeCell(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function rowsOf(report: Report, table: CsvTable): (string | number | null)[][] {
  switch (table) {
    case 'per-day':
      return [
        ['day', 'searches', 'readers_searching', 'ask_ai_questions', 'ask_ai_refused'],
        ...report.perDay.map((row) => [
          row.day,
          row.searches,
          row.readers,
          row.questions,
          row.refused,
        ]),
      ];
    case 'top-searches':
      return [
        ['search', 'searches', 'readers', 'click_through_percent', 'mean_click_position'],
        ...report.topSearches.map((row) => [
          row.query,
          row.searches,
          row.readers,
          percent(row.clickThrough),
          row.meanPosition === null ? null : row.meanPosition.toFixed(2),
        ]),
      ];
    case 'content-gaps':
      return [
        [
          'text',
          'searches_without_results',
          'ask_ai_refusals',
          'last_seen',
          'nearest_page',
          'nearest_title',
        ],
        ...report.gaps.map((row) => [
          row.text,
          row.searches,
          row.questions,
          iso(row.lastSeen),
          row.nearest?.url ?? null,
          row.nearest?.title ?? null,
        ]),
      ];
    case 'thumbs-down':
      return [
        ['at', 'question', 'cited_sections', 'comment'],
        ...report.thumbsDown.map((row) => [
          iso(row.at),
          row.question,
          row.cited.join(' '),
          row.comment,
        ]),
      ];
    case 'pages':
      return [
        ['page', 'title', 'yes', 'no', 'comments', 'last_updated', 'owner'],
        ...report.pages.map((row) => [
          row.page,
          row.title,
          row.yes,
          row.no,
          row.comments.map((comment) => comment.text).join('\n---\n'),
          iso(row.lastUpdatedAt),
          row.owner,
        ]),
      ];
  }
}

export function reportCsv(report: Report, table: CsvTable): string {
  return stringify(
    rowsOf(report, table).map((row) => row.map(safeCell)),
    {
      record_delimiter: 'windows',
      bom: true,
    },
  );
}
