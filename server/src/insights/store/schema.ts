import type {Generated} from 'kysely';

/**
 * The insights store's tables, as the typed query layer (Kysely) sees them in both dialects.
 * Times are milliseconds since the epoch (`at`) and the UTC day (`day`, `YYYY-MM-DD`), so a
 * chart groups by a plain column in SQLite and PostgreSQL alike. `reader` is a salted hash of
 * the reader's account id: it counts distinct readers and names nobody. Lists (cited sections)
 * are JSON text.
 */
export type InsightsDatabase = {
  search_events: SearchEventTable;
  search_clicks: SearchClickTable;
  askai_questions: AskAiQuestionTable;
  askai_feedback: AskAiFeedbackTable;
  page_feedback: PageFeedbackTable;
  insights_settings: SettingsTable;
};

type Common = {
  id: Generated<number>;
  at: number;
  day: string;
  reader: string;
};

export type SearchEventTable = Common & {
  /** `modal` (DocSearch), `page` (/search) or `other` (any other Algolia client). */
  source: string;
  /** As typed (trimmed), and normalised for grouping. */
  query: string;
  normalised: string;
  hits: number;
  query_id: string | null;
};

export type SearchClickTable = Common & {
  query_id: string;
  url: string;
  position: number;
};

export type AskAiQuestionTable = Common & {
  /** The id votes name (DocSearch: its id of the question message), joining askai_feedback. */
  message_id: string;
  question: string;
  normalised: string;
  /** `answered`, `refused` or `failed`. */
  outcome: string;
  /** JSON array of the section URLs the answer linked. */
  cited: string;
  /** The section retrieval ranked first: for a refusal, where the handbook came nearest. */
  nearest: string | null;
  first_text_ms: number | null;
  answerer: string;
};

export type AskAiFeedbackTable = Common & {
  message_id: string;
  /** 1 up, 0 down. */
  thumbs: number;
  comment: string | null;
  /** The question and cited sections as this server remembered them (null on another replica). */
  question: string | null;
  cited: string | null;
};

export type PageFeedbackTable = Common & {
  page: string;
  /** 1 yes, 0 no. */
  helpful: number;
  comment: string | null;
};

export type SettingsTable = {
  key: string;
  value: string;
};
