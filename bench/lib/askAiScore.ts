import {linksOf} from '../../testing/askAiClient';

/** How an Ask AI answer is judged (bench/README.md, "Ask AI"). */
export const NOT_IN_HANDBOOK = "I couldn't find this in the handbook.";

export type Judged =
  | {
      question: string;
      answerable: true;
      expectedPages: string[];
      expectedSection?: string;
      facts: string[];
      note?: string;
      /** How the question is written (the Indonesian sets: `id`, `mixed`, `colloquial`). */
      style?: string;
    }
  | {question: string; answerable: false; note?: string; style?: string};

export type Outcome = {question: string; text: string; firstDeltaMs: number | null};

/** A turn of a conversation as the modal sends it back with the next question. */
export type HistoryTurn = {readonly role: 'user' | 'assistant'; readonly text: string};

/**
 * Asks a conversation's turns in order, each with the conversation so far (its questions and
 * the answers actually given), as a reader does.
 */
export async function askConversation(
  ask: (question: string, history: readonly HistoryTurn[]) => Promise<Outcome>,
  turns: readonly Judged[],
): Promise<Outcome[]> {
  const history: HistoryTurn[] = [];
  const outcomes: Outcome[] = [];
  for (const turn of turns) {
    const outcome = await ask(turn.question, [...history]);
    outcomes.push(outcome);
    history.push({role: 'user', text: turn.question}, {role: 'assistant', text: outcome.text});
  }
  return outcomes;
}

export function pagePath(url: string): string {
  const pathname = new URL(url, 'http://handbook.invalid').pathname;
  return pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
}

/** Answer text as a reader sees it: markdown escapes and emphasis marks do not count. */
export function plain(text: string): string {
  return text
    .replace(/\\([\\`*_[\]<>])/g, '$1')
    .replace(/`/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

export function score(judged: readonly Judged[], outcomes: readonly Outcome[]) {
  let answerable = 0;
  let rightAndFacts = 0;
  let firstLinkRight = 0;
  let factsRight = 0;
  let falseRefusals = 0;
  let unanswerable = 0;
  let refusals = 0;
  const missKinds = {refused: 0, wrongPage: 0, factsMissing: 0};
  const misses: string[] = [];
  judged.forEach((item, index) => {
    const outcome = outcomes[index] as Outcome;
    const refused = outcome.text.trimStart().startsWith(NOT_IN_HANDBOOK);
    if (!item.answerable) {
      unanswerable += 1;
      if (refused) refusals += 1;
      else
        misses.push(
          `answered (should refuse): ${item.question}\n    ${outcome.text.slice(0, 160)}`,
        );
      return;
    }
    answerable += 1;
    if (refused) falseRefusals += 1;
    const first = linksOf(outcome.text)[0];
    const expected = new Set(item.expectedPages.map(pagePath));
    const linkOk = !refused && first !== undefined && expected.has(pagePath(first));
    if (linkOk) firstLinkRight += 1;
    const text = plain(outcome.text);
    const missing = item.facts.filter((fact) => !text.includes(plain(fact)));
    if (!refused && missing.length === 0) factsRight += 1;
    if (linkOk && missing.length === 0) rightAndFacts += 1;
    if (refused) missKinds.refused += 1;
    else if (!linkOk) missKinds.wrongPage += 1;
    else if (missing.length > 0) missKinds.factsMissing += 1;
    if (!linkOk || missing.length > 0 || refused)
      misses.push(
        `${refused ? 'REFUSED ' : ''}${linkOk ? '' : `first link ${first ?? 'none'} (want ${item.expectedPages.join(' | ')}) `}${missing.length ? `missing ${JSON.stringify(missing)} ` : ''}: ${item.question}`,
      );
  });
  const delays = outcomes
    .map((outcome) => outcome.firstDeltaMs)
    .filter((ms): ms is number => ms !== null);
  return {
    answerable,
    unanswerable,
    firstLinkRight: firstLinkRight / Math.max(1, answerable),
    /** Answered with an expected page first and every fact: the measure of issue 29. */
    rightPageAndFacts: rightAndFacts / Math.max(1, answerable),
    factsContained: factsRight / Math.max(1, answerable),
    refusalsOnUnanswerable: refusals / Math.max(1, unanswerable),
    falseRefusals: falseRefusals / Math.max(1, answerable),
    firstDeltaP50Ms: Number(percentile(delays, 50).toFixed(2)),
    firstDeltaP95Ms: Number(percentile(delays, 95).toFixed(2)),
    /**
     * What went wrong with the answerable questions missed, as counts: refused, answered from
     * another page first, or from the right page without the facts. A set whose misses must
     * stay unread can still say where its distance lies.
     */
    missKinds,
    misses,
  };
}

/**
 * The same figures for each kind of item of a set (a question's `style`, a conversation's
 * `kind`), without the misses: how a set's parts did, read from counts alone.
 */
export function scoreByKind(
  judged: readonly Judged[],
  outcomes: readonly Outcome[],
  kinds: readonly (string | undefined)[],
): Record<string, Omit<ReturnType<typeof score>, 'misses'>> {
  const out: Record<string, Omit<ReturnType<typeof score>, 'misses'>> = {};
  for (const kind of new Set(kinds.filter((k): k is string => k !== undefined))) {
    const at = kinds.flatMap((other, index) => (other === kind ? [index] : []));
    const figures: Partial<ReturnType<typeof score>> = score(
      at.map((index) => judged[index] as Judged),
      at.map((index) => outcomes[index] as Outcome),
    );
    delete figures.misses;
    out[kind] = figures as Omit<ReturnType<typeof score>, 'misses'>;
  }
  return out;
}
