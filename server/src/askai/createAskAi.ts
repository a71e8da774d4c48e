import type {SearchEngine} from '@studio-handbook/search/engine';
import type {AskAiConfig} from '../config';
import {ExtractiveAnswerer} from './answerers/extractiveAnswerer';
import {OpenAiAnswerer} from './answerers/openAiAnswerer';
import {AskAiService, type AskAiEventSink} from './askService';
import {fittedModel, type AskAiModel} from './model/weights';
import type {Answerer} from './types';

/** The answerer the configuration asks for: generative with an endpoint, else extractive. */
export function answererFor(config: AskAiConfig): Answerer {
  if (config.baseUrl !== null && config.model !== null) {
    return new OpenAiAnswerer({
      baseUrl: config.baseUrl,
      model: config.model,
      apiKey: config.apiKey,
      firstTokenTimeoutMs: config.firstTokenTimeoutMs,
      idleTimeoutMs: config.idleTimeoutMs,
    });
  }
  return new ExtractiveAnswerer();
}

/**
 * Ask AI over the search engine's sections (built with the index by `npm run build`) with the
 * fitted weights (`model/weights.json`).
 */
export function createAskAi(
  config: AskAiConfig,
  engine: SearchEngine,
  events: AskAiEventSink,
  answerer: Answerer = answererFor(config),
  model: AskAiModel = fittedModel(),
): AskAiService {
  if (engine.sections.length === 0)
    throw new Error('The search index holds no sections for Ask AI: run `npm run build`.');
  return new AskAiService(engine, model, answerer, events);
}
