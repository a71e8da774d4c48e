/**
 * Sends a reader event to the gate (`POST /__insights/events`, same origin, with the session
 * cookie). `keepalive` lets a click on a search result be sent while the page navigates away.
 * Rejects with the gate's reason when it refuses the event.
 */
export type InsightEventBody =
  | {type: 'page.feedback'; page: string; helpful: boolean; comment?: string}
  | {type: 'search.click'; queryID: string; url: string; position: number}
  | {type: 'askai.comment'; messageId: string; comment: string};

export const MAX_COMMENT_CHARS = 1000;

export async function sendInsightEvent(event: InsightEventBody): Promise<void> {
  const response = await fetch('/__insights/events', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(event),
    credentials: 'same-origin',
    keepalive: true,
  });
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as {message?: string} | null;
  throw new Error(answer?.message ?? `The handbook answered ${response.status}.`);
}
