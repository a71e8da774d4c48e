import {describe, expect, it} from 'vitest';
import {uiMessageStream} from '../../src/askai/uiMessageStream';
import {AnswerError} from '../../src/askai/types';

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of stream) lines.push(line);
  return lines;
}

async function* pieces(...texts: string[]) {
  for (const text of texts) yield text;
}

async function* failing() {
  yield 'Half an ';
  throw new AnswerError('The language model stopped answering for 15 s.');
}

const describeError = (error: unknown) => (error as Error).message;

describe('the UI message stream', () => {
  it('frames an answer as AI SDK v5 chunks in order, ending with [DONE]', async () => {
    const lines = await collect(uiMessageStream('m1', pieces('Roll ', 'back.'), describeError));
    expect(lines.every((line) => line.startsWith('data: ') && line.endsWith('\n\n'))).toBe(true);
    const chunks = lines.map((line) => line.slice(6, -2));
    expect(chunks.at(-1)).toBe('[DONE]');
    expect(chunks.slice(0, -1).map((chunk) => JSON.parse(chunk) as unknown)).toEqual([
      {type: 'start', messageId: 'm1'},
      {type: 'start-step'},
      {type: 'text-start', id: 'm1-text'},
      {type: 'text-delta', id: 'm1-text', delta: 'Roll '},
      {type: 'text-delta', id: 'm1-text', delta: 'back.'},
      {type: 'text-end', id: 'm1-text'},
      {type: 'finish-step'},
      {type: 'finish'},
    ]);
  });

  it('ends a failed answer with an error chunk the reader can read, then [DONE]', async () => {
    const lines = await collect(uiMessageStream('m2', failing(), describeError));
    const chunks = lines.map((line) => line.slice(6, -2));
    expect(chunks.slice(-3)).toEqual([
      JSON.stringify({type: 'text-end', id: 'm2-text'}),
      JSON.stringify({type: 'error', errorText: 'The language model stopped answering for 15 s.'}),
      '[DONE]',
    ]);
  });
});
