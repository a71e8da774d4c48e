import {describe, expect, it} from 'vitest';
import {
  ChatRequestError,
  MAX_MESSAGES,
  MAX_QUESTION_CHARS,
  parseChatRequest,
  parseFeedback,
} from '../../src/askai/chatRequest';

const message = (role: string, text: string, id = 'm') => ({
  id,
  role,
  parts: [{type: 'text', text}],
});

describe('the chat request', () => {
  it('reads the question from the last user message and the turns before it', () => {
    const chat = parseChatRequest({
      id: 'c1',
      trigger: 'submit-message',
      searchParameters: {facetFilters: []},
      messages: [
        message('user', 'How do I roll back?'),
        message('assistant', 'From [Rollbacks](/docs/x#r): …'),
        message('user', 'And on staging?'),
      ],
    });
    expect(chat.question).toBe('And on staging?');
    expect(chat.history).toEqual([
      {role: 'user', text: 'How do I roll back?'},
      {role: 'assistant', text: 'From [Rollbacks](/docs/x#r): …'},
    ]);
  });

  it(`refuses a question longer than ${MAX_QUESTION_CHARS} characters, saying so`, () => {
    expect(() => parseChatRequest({messages: [message('user', 'x'.repeat(501))]})).toThrow(
      /at most 500 characters/,
    );
  });

  it(`refuses a conversation of more than ${MAX_MESSAGES} messages, saying to start over`, () => {
    const messages = Array.from({length: MAX_MESSAGES + 1}, (_, index) =>
      message(index % 2 ? 'assistant' : 'user', `turn ${index}`),
    );
    expect(() => parseChatRequest({messages})).toThrow(/start a new one/);
  });

  it('refuses an empty question, a missing question and a body that is not a chat', () => {
    expect(() => parseChatRequest({messages: [message('user', '   ')]})).toThrow(ChatRequestError);
    expect(() => parseChatRequest({messages: [message('assistant', 'hi')]})).toThrow(
      /last message/,
    );
    expect(() => parseChatRequest({question: 'hi'})).toThrow(ChatRequestError);
    expect(() => parseChatRequest(null)).toThrow(ChatRequestError);
  });

  it('accepts feedback of 0 or 1 thumbs only', () => {
    expect(parseFeedback({messageId: 'a', thumbs: 1, appId: 'x'})).toEqual({
      messageId: 'a',
      thumbs: 1,
    });
    expect(() => parseFeedback({messageId: 'a', thumbs: 2})).toThrow(/thumbs must be 0 or 1/);
    expect(() => parseFeedback({thumbs: 0})).toThrow(ChatRequestError);
  });
});
