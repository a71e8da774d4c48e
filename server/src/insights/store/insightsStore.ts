import {randomBytes} from 'node:crypto';
import {sql, type Insertable, type Kysely} from 'kysely';
import type {InsightEvent} from '../events';
import {dayOf} from '../events';
import {openConnection, type Connection, type StoreLocation} from './database';
import {migrateStore, type Dialect} from './migrations';
import type {InsightsDatabase} from './schema';

export type DayCount = {day: string; searches: number; readers: number};
export type DayQuestions = {day: string; questions: number; refused: number};
export type SearchRow = {
  normalised: string;
  searches: number;
  readers: number;
  clicked: number;
  lastAt: number;
};
export type ClickRow = {normalised: string; clicks: number; meanPosition: number};
export type GapRow = {
  normalised: string;
  text: string;
  count: number;
  lastAt: number;
  nearest: string | null;
};
export type ThumbsDownRow = {
  messageId: string;
  at: number;
  question: string | null;
  cited: string[];
  comment: string | null;
};
export type PageVotes = {page: string; yes: number; no: number};
export type PageComment = {page: string; at: number; helpful: boolean; comment: string};

const SALT_KEY = 'reader_salt';

function parseList(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : null;
  } catch {
    return null;
  }
}

/**
 * The one storage module of reader insights: SQLite (a file under DATA_DIR, the default) or
 * PostgreSQL (DATABASE_URL, shared by replicas) behind one typed query layer. Every query here
 * runs unchanged on both dialects; tests run each against both.
 */
export class InsightsStore {
  private constructor(
    private readonly db: Kysely<InsightsDatabase>,
    readonly dialect: Dialect,
    readonly where: string,
    /** The salt of reader hashes, made once per store and shared by every gate that uses it. */
    readonly salt: string,
  ) {}

  /** Opens the store and brings its schema up to this code's (or refuses a newer one). */
  static async open(
    location: StoreLocation,
    onPoolError?: (error: Error) => void,
  ): Promise<InsightsStore> {
    const connection: Connection = openConnection(location, onPoolError);
    try {
      await migrateStore(connection.db as Kysely<unknown>, connection.dialect);
      await connection.db
        .insertInto('insights_settings')
        .values({key: SALT_KEY, value: randomBytes(32).toString('hex')})
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
      const {value} = await connection.db
        .selectFrom('insights_settings')
        .select('value')
        .where('key', '=', SALT_KEY)
        .executeTakeFirstOrThrow();
      return new InsightsStore(connection.db, connection.dialect, connection.where, value);
    } catch (error) {
      await connection.db.destroy().catch(() => {});
      throw error;
    }
  }

  /** Writes a batch in one transaction: all of it, or (on error) none of it. */
  async insert(events: readonly InsightEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = {
      search: [] as Insertable<InsightsDatabase['search_events']>[],
      click: [] as Insertable<InsightsDatabase['search_clicks']>[],
      question: [] as Insertable<InsightsDatabase['askai_questions']>[],
      answerFeedback: [] as Insertable<InsightsDatabase['askai_feedback']>[],
      pageFeedback: [] as Insertable<InsightsDatabase['page_feedback']>[],
    };
    for (const event of events) {
      const common = {at: event.at, day: dayOf(event.at), reader: event.reader};
      switch (event.kind) {
        case 'search':
          rows.search.push({
            ...common,
            source: event.source,
            query: event.query,
            normalised: event.normalised,
            hits: event.hits,
            query_id: event.queryId,
          });
          break;
        case 'click':
          rows.click.push({
            ...common,
            query_id: event.queryId,
            url: event.url,
            position: event.position,
          });
          break;
        case 'question':
          rows.question.push({
            ...common,
            message_id: event.messageId,
            question: event.question,
            normalised: event.normalised,
            outcome: event.outcome,
            cited: JSON.stringify(event.cited),
            nearest: event.nearest,
            first_text_ms: event.firstTextMs,
            answerer: event.answerer,
          });
          break;
        case 'answerFeedback':
          rows.answerFeedback.push({
            ...common,
            message_id: event.messageId,
            thumbs: event.thumbs,
            comment: event.comment,
            question: event.question,
            cited: event.cited === null ? null : JSON.stringify(event.cited),
          });
          break;
        case 'pageFeedback':
          rows.pageFeedback.push({
            ...common,
            page: event.page,
            helpful: event.helpful ? 1 : 0,
            comment: event.comment,
          });
          break;
      }
    }
    await this.db.transaction().execute(async (trx) => {
      if (rows.search.length) await trx.insertInto('search_events').values(rows.search).execute();
      if (rows.click.length) await trx.insertInto('search_clicks').values(rows.click).execute();
      if (rows.question.length)
        await trx.insertInto('askai_questions').values(rows.question).execute();
      if (rows.answerFeedback.length)
        await trx.insertInto('askai_feedback').values(rows.answerFeedback).execute();
      if (rows.pageFeedback.length)
        await trx.insertInto('page_feedback').values(rows.pageFeedback).execute();
    });
  }

  /** Retention: deletes every row older than `before` (ms); returns how many went. */
  async deleteBefore(before: number): Promise<number> {
    let deleted = 0;
    await this.db.transaction().execute(async (trx) => {
      for (const table of [
        'search_events',
        'search_clicks',
        'askai_questions',
        'askai_feedback',
        'page_feedback',
      ] as const) {
        const result = await trx.deleteFrom(table).where('at', '<', before).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
      }
    });
    return deleted;
  }

  async searchesPerDay(since: number): Promise<DayCount[]> {
    return this.db
      .selectFrom('search_events')
      .select(({fn}) => [
        'day',
        fn.countAll<number>().as('searches'),
        fn.count<number>('reader').distinct().as('readers'),
      ])
      .where('at', '>=', since)
      .groupBy('day')
      .orderBy('day')
      .execute();
  }

  async questionsPerDay(since: number): Promise<DayQuestions[]> {
    return this.db
      .selectFrom('askai_questions')
      .select(({fn}) => [
        'day',
        fn.countAll<number>().as('questions'),
        fn.sum<number>(sql`case when outcome = 'refused' then 1 else 0 end`).as('refused'),
      ])
      .where('at', '>=', since)
      .groupBy('day')
      .orderBy('day')
      .execute();
  }

  /** The most frequent searches, with how many of them led to a click on a result. */
  async topSearches(since: number, limit: number): Promise<SearchRow[]> {
    const rows = await this.db
      .selectFrom('search_events as s')
      .select(({fn, exists, selectFrom}) => [
        's.normalised',
        fn.countAll<number>().as('searches'),
        fn.count<number>('s.reader').distinct().as('readers'),
        fn.max('s.at').as('lastAt'),
        fn
          .sum<number>(
            sql`case when ${exists(
              selectFrom('search_clicks as c')
                .select('c.id')
                .whereRef('c.query_id', '=', 's.query_id'),
            )} then 1 else 0 end`,
          )
          .as('clicked'),
      ])
      .where('s.at', '>=', since)
      .groupBy('s.normalised')
      .orderBy('searches', 'desc')
      .orderBy('lastAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({...row, clicked: Number(row.clicked ?? 0)}));
  }

  /** Clicks on the results of these searches: how many, and their mean position (1 = first). */
  async clicksOf(since: number, normalised: readonly string[]): Promise<ClickRow[]> {
    if (normalised.length === 0) return [];
    return this.db
      .selectFrom('search_clicks as c')
      .innerJoin('search_events as s', 's.query_id', 'c.query_id')
      .select(({fn}) => [
        's.normalised',
        fn.countAll<number>().as('clicks'),
        fn.avg<number>('c.position').as('meanPosition'),
      ])
      .where('s.at', '>=', since)
      .where('s.normalised', 'in', [...normalised])
      .groupBy('s.normalised')
      .execute();
  }

  async noResultSearches(since: number, limit: number): Promise<GapRow[]> {
    const rows = await this.db
      .selectFrom('search_events')
      .select(({fn}) => [
        'normalised',
        fn.max('query').as('text'),
        fn.countAll<number>().as('count'),
        fn.max('at').as('lastAt'),
      ])
      .where('at', '>=', since)
      .where('hits', '=', 0)
      .groupBy('normalised')
      .orderBy('count', 'desc')
      .orderBy('lastAt', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({...row, nearest: null}));
  }

  async refusedQuestions(since: number, limit: number): Promise<GapRow[]> {
    return this.db
      .selectFrom('askai_questions')
      .select(({fn}) => [
        'normalised',
        fn.max('question').as('text'),
        fn.countAll<number>().as('count'),
        fn.max('at').as('lastAt'),
        fn.max('nearest').as('nearest'),
      ])
      .where('at', '>=', since)
      .where('outcome', '=', 'refused')
      .groupBy('normalised')
      .orderBy('count', 'desc')
      .orderBy('lastAt', 'desc')
      .limit(limit)
      .execute();
  }

  /** Answers readers voted down, newest first, with the question and the sections it cited. */
  async thumbsDown(since: number, limit: number): Promise<ThumbsDownRow[]> {
    const votes = await this.db
      .selectFrom('askai_feedback')
      .select(({fn}) => [
        'message_id',
        fn.max('at').as('at'),
        fn.max('comment').as('comment'),
        fn.max('question').as('question'),
        fn.max('cited').as('cited'),
      ])
      .where('at', '>=', since)
      .where('thumbs', '=', 0)
      .groupBy('message_id')
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    // The vote may have reached another replica than the question: the question's own row
    // (any replica wrote it) is the reference.
    const ids = votes.map((vote) => vote.message_id);
    const questions =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('askai_questions')
            .select(['message_id', 'question', 'cited'])
            .where('message_id', 'in', ids)
            .execute();
    const byId = new Map(questions.map((row) => [row.message_id, row]));
    return votes.map((vote) => {
      const asked = byId.get(vote.message_id);
      return {
        messageId: vote.message_id,
        at: vote.at,
        question: asked?.question ?? vote.question,
        cited: parseList(asked?.cited ?? vote.cited) ?? [],
        comment: vote.comment,
      };
    });
  }

  /** Yes and no per page, counting each reader's latest vote on the page in the period. */
  async pageVotes(since: number): Promise<PageVotes[]> {
    const rows = await this.db
      .selectFrom('page_feedback as f')
      .select(({fn}) => [
        'f.page',
        fn.sum<number>('f.helpful').as('yes'),
        fn.countAll<number>().as('votes'),
      ])
      .where('f.at', '>=', since)
      .where(({not, exists, selectFrom}) =>
        not(
          exists(
            selectFrom('page_feedback as g')
              .select('g.id')
              .whereRef('g.page', '=', 'f.page')
              .whereRef('g.reader', '=', 'f.reader')
              .where('g.at', '>=', since)
              .where((where) =>
                where.or([
                  where('g.at', '>', where.ref('f.at')),
                  where.and([
                    where('g.at', '=', where.ref('f.at')),
                    where('g.id', '>', where.ref('f.id')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .groupBy('f.page')
      .execute();
    return rows.map((row) => ({
      page: row.page,
      yes: Number(row.yes),
      no: Number(row.votes) - Number(row.yes),
    }));
  }

  async pageComments(since: number, limit: number): Promise<PageComment[]> {
    const rows = await this.db
      .selectFrom('page_feedback')
      .select(['page', 'at', 'helpful', 'comment'])
      .where('at', '>=', since)
      .where('comment', 'is not', null)
      .orderBy('at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      page: row.page,
      at: row.at,
      helpful: row.helpful === 1,
      comment: row.comment ?? '',
    }));
  }

  /** A trivial round trip: is the store answering? */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}
