import type {PreparedAnswer} from '../askai/askService';

export type AnswerTiming = {readonly firstTextMs: number | null; readonly failed: boolean};

/**
 * Ask AI's answer text as the reader receives it, timed at the edge (askAiRoutes.ts): the time
 * from the question's arrival to the first piece of text, and whether it failed. `done` runs
 * once, when the stream ends, fails, or the reader stops it; the text itself passes unchanged.
 */
export function timedAnswerText(
  prepared: PreparedAnswer,
  started: number,
  done: (timing: AnswerTiming) => void,
  now: () => number = Date.now,
): (signal: AbortSignal) => AsyncIterable<string> {
  return async function* timed(signal) {
    let firstTextMs: number | null = null;
    let failed = false;
    try {
      for await (const piece of prepared.text(signal)) {
        if (firstTextMs === null && piece !== '') firstTextMs = now() - started;
        yield piece;
      }
    } catch (error) {
      failed = !signal.aborted;
      throw error;
    } finally {
      done({firstTextMs, failed});
    }
  };
}
