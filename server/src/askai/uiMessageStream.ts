/**
 * The AI SDK v5 UI message stream, as DocSearch's Ask AI screen reads it: server-sent events
 * `data: <json>` of `start`, `start-step`, `text-start`, `text-delta`…, `text-end`,
 * `finish-step`, `finish`, then `data: [DONE]`; a failure is `{type: 'error', errorText}`. The
 * client validates every chunk against a strict schema, so only the keys it knows are sent. The
 * answer is one text part in its own step: text after tool parts would make the client re-send.
 */

export const UI_MESSAGE_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-vercel-ai-ui-message-stream': 'v1',
  // Proxies (nginx and others) must pass each piece on at once.
  'x-accel-buffering': 'no',
} as const;

export type UiMessageChunk =
  | {type: 'start'; messageId: string}
  | {type: 'start-step'}
  | {type: 'text-start'; id: string}
  | {type: 'text-delta'; id: string; delta: string}
  | {type: 'text-end'; id: string}
  | {type: 'finish-step'}
  | {type: 'finish'}
  | {type: 'error'; errorText: string};

export function sseLine(chunk: UiMessageChunk | '[DONE]'): string {
  return `data: ${chunk === '[DONE]' ? chunk : JSON.stringify(chunk)}\n\n`;
}

/**
 * Wraps answer text into the chunks of one assistant message. Errors become an `error` chunk
 * with a message for the reader (`describe`), and the stream still ends with `[DONE]`.
 */
export async function* uiMessageStream(
  messageId: string,
  text: AsyncIterable<string>,
  describe: (error: unknown) => string,
): AsyncIterable<string> {
  const partId = `${messageId}-text`;
  yield sseLine({type: 'start', messageId});
  yield sseLine({type: 'start-step'});
  let open = false;
  try {
    for await (const delta of text) {
      if (!delta) continue;
      if (!open) {
        yield sseLine({type: 'text-start', id: partId});
        open = true;
      }
      yield sseLine({type: 'text-delta', id: partId, delta});
    }
    if (open) yield sseLine({type: 'text-end', id: partId});
    yield sseLine({type: 'finish-step'});
    yield sseLine({type: 'finish'});
  } catch (error) {
    if (open) yield sseLine({type: 'text-end', id: partId});
    yield sseLine({type: 'error', errorText: describe(error)});
  }
  yield sseLine('[DONE]');
}
