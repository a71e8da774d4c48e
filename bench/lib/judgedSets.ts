import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Judged} from './askAiScore';
import {repoRoot} from './gateProcess';

/**
 * A judged set of Ask AI: a file with its `status` (tuning, fitting or held-out, and why) and
 * its `questions`, or its `conversations` (turns asked in order, each judged like a question).
 */
export type Conversation = {
  readonly kind?: string;
  readonly turns: readonly Judged[];
};
export type JudgedSet = {
  readonly status: string;
  readonly questions?: readonly Judged[];
  readonly conversations?: readonly Conversation[];
};

export function readJudgedSet(nameOrFile: string): JudgedSet {
  const file = nameOrFile.endsWith('.json')
    ? path.resolve(nameOrFile)
    : path.join(repoRoot, 'bench/ask-ai', `${nameOrFile}.json`);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as JudgedSet | Judged[];
  return Array.isArray(parsed) ? {status: 'unknown', questions: parsed} : parsed;
}
