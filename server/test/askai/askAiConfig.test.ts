import {describe, expect, it} from 'vitest';
import {loadConfig} from '../../src/config';
import {answererFor} from '../../src/askai/createAskAi';
import {testEnv} from '../fixtures';

function errorOf(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('Ask AI configuration', () => {
  it('answers extractively, offline, when no endpoint is configured', () => {
    const config = loadConfig(testEnv());
    expect(config.askAi.baseUrl).toBeNull();
    expect(answererFor(config.askAi).kind).toBe('extractive');
  });

  it('answers generatively through the configured OpenAI-compatible endpoint', () => {
    const config = loadConfig(
      testEnv({ASK_AI_BASE_URL: 'http://127.0.0.1:11434/v1/', ASK_AI_MODEL: 'llama3.1'}),
    );
    expect(config.askAi).toMatchObject({baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1'});
    expect(answererFor(config.askAi).kind).toBe('generative');
  });

  it.each([
    ['ASK_AI_BASE_URL', {ASK_AI_BASE_URL: 'not a url', ASK_AI_MODEL: 'm'}],
    ['ASK_AI_BASE_URL', {ASK_AI_BASE_URL: 'ftp://models.example/v1', ASK_AI_MODEL: 'm'}],
    ['ASK_AI_MODEL', {ASK_AI_BASE_URL: 'http://127.0.0.1:8000/v1'}],
    ['ASK_AI_FIRST_TOKEN_TIMEOUT_MS', {ASK_AI_FIRST_TOKEN_TIMEOUT_MS: 'soon'}],
    ['ASK_AI_IDLE_TIMEOUT_MS', {ASK_AI_IDLE_TIMEOUT_MS: '0'}],
  ])('stops start-up naming %s when it is invalid', (variable, overrides) => {
    expect(errorOf(testEnv(overrides))).toContain(variable);
  });
});
