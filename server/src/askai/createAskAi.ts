import {existsSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import type {SearchEngine} from '@studio-handbook/search/engine';
import type {SearchRecord} from '@studio-handbook/search/types';
import type {AskAiConfig} from '../config';
import {ExtractiveAnswerer} from './answerers/extractiveAnswerer';
import {OpenAiAnswerer} from './answerers/openAiAnswerer';
import {AskAiService, type AskAiEventSink} from './askService';
import {sectionsOfBuild, sectionsOfRecords} from './handbookSections';
import {SectionRetriever} from './retriever';
import {readSynonymsFile} from './synonyms';
import type {Answerer, Section} from './types';

export type AskAiSources = {
  /** The build in memory (`/docs/x/index.html` → HTML); null in development proxy mode. */
  readonly pages: ReadonlyMap<string, {readonly body: Buffer}> | null;
  /** Search records: the fallback source of sections when there is no build in memory. */
  readonly records: () => readonly SearchRecord[];
  readonly engine: SearchEngine;
  /** The writers' synonyms file; absent means no synonyms. */
  readonly synonymsFile?: string;
};

export const DEFAULT_SYNONYMS_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../site/search-synonyms.json',
);

/** Parsing every page takes about a second: apps built over the same build share the result. */
const parsedBuilds = new WeakMap<object, Section[]>();

function sectionsOf(pages: ReadonlyMap<string, {readonly body: Buffer}>): Section[] {
  let sections = parsedBuilds.get(pages);
  if (!sections) {
    sections = sectionsOfBuild([...pages].map(([path, asset]) => [path, asset.body]));
    parsedBuilds.set(pages, sections);
  }
  return sections;
}

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

export function createAskAi(
  config: AskAiConfig,
  sources: AskAiSources,
  events: AskAiEventSink,
  answerer: Answerer = answererFor(config),
): AskAiService {
  const sections = sources.pages ? sectionsOf(sources.pages) : sectionsOfRecords(sources.records());
  const synonymsFile = sources.synonymsFile ?? DEFAULT_SYNONYMS_FILE;
  const synonyms = existsSync(synonymsFile) ? readSynonymsFile(synonymsFile) : new Map();
  return new AskAiService(
    new SectionRetriever(sections, sources.engine, synonyms),
    answerer,
    events,
  );
}
