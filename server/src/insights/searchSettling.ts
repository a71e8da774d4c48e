import type {SearchEvent, SearchSource} from './events';

/** A search is settled when its reader has typed nothing more for this long. */
export const SETTLE_MS = 1_500;
const MAX_PENDING = 10_000;

const keyOf = (reader: string, source: SearchSource) => `${reader}\u0000${source}`;

/**
 * The modal and /search query on every keystroke: "k", "ku", "kub", … "kubernetes" is one
 * search, not ten (Algolia's analytics count it the same way). A reader's search waits here
 * until they stop typing; a next query that extends or shortens it (typing, backspacing)
 * replaces it, any other query settles it at once. Only settled searches are recorded. A
 * question the reader then sends to Ask AI is withdrawn: the modal searched it as it was typed,
 * but the reader asked it, and it is recorded as a question.
 */
export class SearchSettler {
  private readonly pending = new Map<string, {event: SearchEvent; timer: NodeJS.Timeout}>();

  constructor(
    private readonly emit: (event: SearchEvent) => void,
    private readonly settleMs = SETTLE_MS,
  ) {}

  offer(event: SearchEvent): void {
    const key = keyOf(event.reader, event.source);
    const waiting = this.pending.get(key);
    if (waiting) {
      clearTimeout(waiting.timer);
      this.pending.delete(key);
      const previous = waiting.event.normalised;
      const sameSearch =
        event.normalised.startsWith(previous) || previous.startsWith(event.normalised);
      if (!sameSearch) this.emit(waiting.event);
    }
    if (this.pending.size >= MAX_PENDING) this.settleOldest();
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.emit(event);
    }, this.settleMs);
    timer.unref();
    this.pending.set(key, {event, timer});
  }

  /** Drops, unrecorded, a reader's waiting search from `source` whose text is this (normalised). */
  withdraw(reader: string, source: SearchSource, normalised: string): void {
    const key = keyOf(reader, source);
    const waiting = this.pending.get(key);
    if (waiting?.event.normalised !== normalised) return;
    clearTimeout(waiting.timer);
    this.pending.delete(key);
  }

  private settleOldest(): void {
    const [key, oldest] = this.pending.entries().next().value ?? [];
    if (key === undefined || oldest === undefined) return;
    clearTimeout(oldest.timer);
    this.pending.delete(key);
    this.emit(oldest.event);
  }

  /** Settles every waiting search now (shutdown, tests). */
  settleAll(): void {
    for (const {event, timer} of this.pending.values()) {
      clearTimeout(timer);
      this.emit(event);
    }
    this.pending.clear();
  }
}
