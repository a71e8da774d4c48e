/**
 * Asks the gate's Ask AI the way DocSearch's Ask AI screen does: a token from
 * `POST /__askai/chat/token`, then `POST /__askai/chat` with the AI SDK v5 chat body, reading
 * the UI message stream. Shared by the tests and the benchmark.
 */
export type AskTurn = {readonly role: 'user' | 'assistant'; readonly text: string};

export type AskResult = {
  readonly status: number;
  readonly contentType: string | null;
  /** Every `data:` payload, parsed (`[DONE]` kept as the string). */
  readonly chunks: readonly (Record<string, unknown> | '[DONE]')[];
  /** The answer text: the text-deltas joined. */
  readonly text: string;
  readonly errorText: string | null;
  /** Milliseconds from sending the question to the first text-delta (null without one). */
  readonly firstDeltaMs: number | null;
  readonly totalMs: number;
  /** The JSON body of a non-stream answer (a 4xx). */
  readonly json: Record<string, unknown> | null;
};

export async function fetchAskToken(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/__askai/chat/token`, {
    method: 'POST',
    headers: {
      cookie,
      'x-algolia-assistant-id': 'studio-handbook',
      'content-type': 'application/json',
    },
  });
  const body = (await response.json()) as {success?: boolean; token?: string};
  if (!response.ok || !body.success || !body.token)
    throw new Error(`token request failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

export function chatBody(question: string, history: readonly AskTurn[] = []) {
  const messages = [...history, {role: 'user' as const, text: question}].map((turn, index) => ({
    id: `m${index}`,
    role: turn.role,
    parts: [{type: 'text', text: turn.text}],
  }));
  return {id: 'chat-1', messages, trigger: 'submit-message'};
}

export async function ask(
  base: string,
  cookie: string,
  token: string,
  question: string,
  options: {history?: readonly AskTurn[]; signal?: AbortSignal; body?: unknown} = {},
): Promise<AskResult> {
  const started = performance.now();
  const response = await fetch(`${base}/__askai/chat`, {
    method: 'POST',
    headers: {cookie, authorization: `TOKEN ${token}`, 'content-type': 'application/json'},
    body: JSON.stringify(options.body ?? chatBody(question, options.history)),
    ...(options.signal ? {signal: options.signal} : {}),
  });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    const totalMs = performance.now() - started;
    return {
      status: response.status,
      contentType,
      chunks: [],
      text: '',
      errorText: null,
      firstDeltaMs: null,
      totalMs,
      json,
    };
  }
  const chunks: (Record<string, unknown> | '[DONE]')[] = [];
  let text = '';
  let errorText: string | null = null;
  let firstDeltaMs: number | null = null;
  let buffer = '';
  const decoder = new TextDecoder();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, {stream: true});
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!event.startsWith('data: ')) continue;
      const data = event.slice('data: '.length);
      if (data === '[DONE]') {
        chunks.push('[DONE]');
        continue;
      }
      const chunk = JSON.parse(data) as Record<string, unknown>;
      chunks.push(chunk);
      if (chunk.type === 'text-delta') {
        firstDeltaMs ??= performance.now() - started;
        text += String(chunk.delta);
      }
      if (chunk.type === 'error') errorText = String(chunk.errorText);
    }
  }
  return {
    status: response.status,
    contentType,
    chunks,
    text,
    errorText,
    firstDeltaMs,
    totalMs: performance.now() - started,
    json: null,
  };
}

/** The markdown links of an answer, in order: `[label](url)` → url. */
export function linksOf(text: string): string[] {
  return [...text.matchAll(/(?<!\\)\[[^\]\n]*\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
}
