import type {AskAiEvent} from '../askai/askService';
import type {InsightsConfig} from '../config';
import type {SessionIdentity} from '../session/sessionVerifier';
import type {ClientEvent} from './clientEvents';
import {pathOf} from './clientEvents';
import {normaliseText, type AskAiOutcome, type InsightEvent, type SearchSource} from './events';
import type {NearestPage} from './nearestPage';
import type {PageFact} from './pageFacts';
import {readerHash} from './readerHash';
import {EventRecorder, type DropReason} from './recorder';
import {buildReport, type Period, type Report} from './report';
import {retentionCutoff, scheduleRetention} from './retention';
import {SearchSettler} from './searchSettling';
import {InsightsStore} from './store/insightsStore';
import {StoreSchemaError} from './store/migrations';
import {StoreLocationError} from './store/database';

export type InsightsLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type InsightsOptions = {
  readonly config: InsightsConfig;
  readonly log: InsightsLog;
  readonly pageFacts: ReadonlyMap<string, PageFact>;
  readonly nearestPage: (text: string) => NearestPage | null;
  readonly titleOf: (url: string) => string;
  readonly now?: () => number;
  /** Seconds between attempts to open a store that was down at start-up. */
  readonly reopenMs?: number;
  readonly onDrop?: (reason: DropReason, count: number) => void;
  /** Tests shorten the recorder's wait; production batches every half second. */
  readonly flushIntervalMs?: number;
  readonly settleMs?: number;
  /** Events the queue holds at most (tests make it small to fill it). */
  readonly capacity?: number;
};

export type AnswerRecord = {
  /** The answer's id in the stream (Ask AI's own events use it). */
  readonly messageId: string;
  /** The id a vote on the answer names: DocSearch's id of the reader's question message. */
  readonly feedbackId: string;
  readonly question: string;
  readonly answerable: boolean;
  readonly failed: boolean;
  readonly nearest: string | null;
  readonly firstTextMs: number | null;
  readonly answerer: string;
};

/** The store is not open (down at start-up, or insights are off): /insights answers 503. */
export class InsightsUnavailableError extends Error {
  override name = 'InsightsUnavailableError';
  readonly statusCode = 503;
}

export type InsightsState = 'off' | 'open' | 'unavailable';

const REMEMBERED_ANSWERS = 1_000;

/**
 * Reader insights, wired: the store (opened and migrated at start-up), the recorder that writes
 * to it in batches, the search settler, retention, and the report. Every `record…` call returns
 * at once and never throws: a reader's request does not wait for, or fail with, insights.
 */
export class Insights {
  private store: InsightsStore | null = null;
  private state: InsightsState;
  readonly recorder: EventRecorder;
  private readonly settler: SearchSettler;
  private readonly now: () => number;
  private stopRetention: (() => void) | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  /** messageId → the answer's cited sections, from Ask AI's own `askai.answer` event. */
  private readonly cited = new Map<string, string[]>();
  /** messageId → question and citations, for a vote on an answer this server gave. */
  private readonly answers = new Map<string, {question: string; cited: string[]}>();

  private constructor(private readonly options: InsightsOptions) {
    this.now = options.now ?? Date.now;
    this.state = options.config.enabled ? 'unavailable' : 'off';
    this.recorder = new EventRecorder({
      write: (batch) => {
        if (this.store === null) return Promise.reject(new InsightsUnavailableError('closed'));
        return this.store.insert(batch);
      },
      ...(options.flushIntervalMs === undefined ? {} : {flushIntervalMs: options.flushIntervalMs}),
      ...(options.capacity === undefined ? {} : {capacity: options.capacity}),
      ...(options.onDrop ? {onDrop: options.onDrop} : {}),
      onWriteError: (error, count) =>
        options.log.warn(
          {err: error, dropped: count},
          'insights: a batch of events could not be written and was dropped',
        ),
    });
    this.settler = new SearchSettler((event) => this.recorder.record(event), options.settleMs);
  }

  /**
   * Opens the store and migrates it. A store migrated by a newer gate, or a DATA_DIR that cannot
   * be used, stops start-up (StoreSchemaError, StoreLocationError); a store that cannot be
   * reached does not: readers are served, events are dropped and counted, and the gate tries
   * again every `reopenMs`.
   */
  static async create(options: InsightsOptions): Promise<Insights> {
    const insights = new Insights(options);
    if (options.config.enabled) await insights.open();
    return insights;
  }

  private async open(): Promise<void> {
    const {config, log} = this.options;
    try {
      this.store = await InsightsStore.open(
        {databaseUrl: config.databaseUrl, dataDir: config.dataDir},
        (error) => log.warn({err: error}, 'insights: the PostgreSQL connection failed'),
      );
      this.state = 'open';
      log.info({store: this.store.where}, 'insights: store open');
      this.stopRetention = scheduleRetention(async () => {
        try {
          const deleted = await this.store?.deleteBefore(
            retentionCutoff(this.now(), config.retentionDays),
          );
          if (deleted) log.info({deleted}, 'insights: retention deleted old events');
        } catch (error) {
          log.warn({err: error}, 'insights: retention failed; it runs again tomorrow');
        }
      });
    } catch (error) {
      if (error instanceof StoreSchemaError || error instanceof StoreLocationError) throw error;
      this.state = 'unavailable';
      const retryMs = this.options.reopenMs ?? 30_000;
      log.error(
        {err: error, retryInSeconds: retryMs / 1000},
        'insights: the store cannot be reached; readers are served, events are dropped until it can',
      );
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = null;
        this.open().catch((fatal: unknown) =>
          log.error({err: fatal}, 'insights: the store cannot be used; insights stay off'),
        );
      }, retryMs);
      this.reopenTimer.unref();
    }
  }

  get status(): InsightsState {
    return this.state;
  }

  /** Who may open /insights: INSIGHTS_VIEWERS (`*` for every company reader). */
  canView(identity: SessionIdentity | null): boolean {
    if (identity === null || this.state === 'off') return false;
    const {viewers} = this.options.config;
    return viewers === 'everyone' || viewers.has(identity.email.toLowerCase());
  }

  /** uid → hash: a reader's every search would otherwise compute the same HMAC again. */
  private readonly hashes = new Map<string, string>();

  private reader(identity: SessionIdentity | null): string | null {
    if (identity === null || this.store === null) return null;
    let hash = this.hashes.get(identity.uid);
    if (hash === undefined) {
      hash = readerHash(this.store.salt, identity.uid);
      if (this.hashes.size >= 10_000) this.hashes.clear();
      this.hashes.set(identity.uid, hash);
    }
    return hash;
  }

  private record(identity: SessionIdentity | null, build: (reader: string) => InsightEvent): void {
    if (this.state === 'off') return;
    const reader = this.reader(identity);
    if (reader === null) {
      this.recorder.drop('unavailable', 1);
      return;
    }
    const event = build(reader);
    if (event.kind === 'search') this.settler.offer(event);
    else this.recorder.record(event);
  }

  recordSearch(
    identity: SessionIdentity | null,
    search: {query: string; hits: number; source: SearchSource; queryId: string | null},
  ): void {
    const query = search.query.trim();
    const normalised = normaliseText(query);
    if (normalised === '') return;
    this.record(identity, (reader) => ({
      kind: 'search',
      at: this.now(),
      reader,
      source: search.source,
      query,
      normalised,
      hits: search.hits,
      queryId: search.queryId,
    }));
  }

  /**
   * A question has reached Ask AI: the search the modal ran on it as the reader typed is not a
   * search (the question itself is recorded when its answer ends: `recordAnswer`).
   */
  questionAsked(identity: SessionIdentity | null, question: string): void {
    if (this.state === 'off') return;
    const reader = this.reader(identity);
    // Questions come from the modal's Ask AI screen: its search of the typed text is withdrawn.
    if (reader !== null) this.settler.withdraw(reader, 'modal', normaliseText(question));
  }

  /** Ask AI's own structured events: the cited sections of each answer, by message id. */
  observeAskAi(event: AskAiEvent): void {
    if (event.event !== 'askai.answer' || this.state === 'off') return;
    this.cited.set(event.messageId, event.cited);
    if (this.cited.size > REMEMBERED_ANSWERS) this.forgetOldest(this.cited);
  }

  private forgetOldest(map: Map<string, unknown>): void {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }

  recordAnswer(identity: SessionIdentity | null, answer: AnswerRecord): void {
    if (this.state === 'off') return;
    const cited = this.cited.get(answer.messageId) ?? [];
    this.cited.delete(answer.messageId);
    const outcome: AskAiOutcome = answer.failed
      ? 'failed'
      : answer.answerable
        ? 'answered'
        : 'refused';
    this.answers.set(answer.feedbackId, {question: answer.question, cited});
    if (this.answers.size > REMEMBERED_ANSWERS) this.forgetOldest(this.answers);
    this.record(identity, (reader) => ({
      kind: 'question',
      at: this.now(),
      reader,
      messageId: answer.feedbackId,
      question: answer.question,
      normalised: normaliseText(answer.question),
      outcome,
      cited,
      nearest: answer.nearest,
      firstTextMs: answer.firstTextMs,
      answerer: answer.answerer,
    }));
  }

  recordAnswerFeedback(
    identity: SessionIdentity | null,
    feedback: {messageId: string; thumbs: 0 | 1; comment?: string | null},
  ): void {
    const answer = this.answers.get(feedback.messageId);
    this.record(identity, (reader) => ({
      kind: 'answerFeedback',
      at: this.now(),
      reader,
      messageId: feedback.messageId,
      thumbs: feedback.thumbs,
      comment: feedback.comment ?? null,
      question: answer?.question ?? null,
      cited: answer?.cited ?? null,
    }));
  }

  /** An event the browser sent, already checked (clientEvents.ts) and its page found. */
  recordClientEvent(identity: SessionIdentity | null, event: ClientEvent): void {
    switch (event.type) {
      case 'page.feedback':
        this.record(identity, (reader) => ({
          kind: 'pageFeedback',
          at: this.now(),
          reader,
          page: pathOf(event.page),
          helpful: event.helpful,
          comment: event.comment ? event.comment : null,
        }));
        return;
      case 'search.click':
        this.record(identity, (reader) => ({
          kind: 'click',
          at: this.now(),
          reader,
          queryId: event.queryID,
          url: pathOf(event.url),
          position: event.position,
        }));
        return;
      case 'askai.comment':
        this.recordAnswerFeedback(identity, {
          messageId: event.messageId,
          thumbs: 0,
          comment: event.comment,
        });
        return;
    }
  }

  async report(days: Period, rows?: number): Promise<Report> {
    if (this.store === null) {
      throw new InsightsUnavailableError(
        'The insights store cannot be reached right now; the gate keeps trying. Readers are not affected.',
      );
    }
    return buildReport(
      {
        store: this.store,
        pageFacts: this.options.pageFacts,
        nearestPage: this.options.nearestPage,
        titleOf: this.options.titleOf,
      },
      days,
      this.now(),
      rows,
    );
  }

  /** Settles waiting searches and writes everything queued (tests, shutdown). */
  async flush(): Promise<void> {
    this.settler.settleAll();
    await this.recorder.flush();
  }

  async close(): Promise<void> {
    this.stopRetention?.();
    if (this.reopenTimer !== null) clearTimeout(this.reopenTimer);
    this.settler.settleAll();
    await this.recorder.close();
    const store = this.store;
    this.store = null;
    this.state = this.state === 'off' ? 'off' : 'unavailable';
    await store?.close();
  }
}
