/**
 * Fold models kept between cross-validations. A fold's model is a deterministic function of its
 * training questions and of the code and data the fit reads (the features, the fitters, the
 * search index, the installed packages, FIT_THRESHOLD and the stemmer). When none of them
 * changed, a fold fitted once is the fold a second run would fit, so a change that touches only
 * what an answer quotes of its plan (server/src/askai/quotedUnits.ts, the answerers), which of a
 * follow-up's plans the service keeps (askService.ts) or how the figures are written out is
 * cross-validated in minutes instead of refitting every fold (about five minutes each on this
 * machine's two cores).
 *
 *   CV_FOLD_MODELS=<dir> node --import tsx bench/ask-ai-fit/fit.ts --cv-only
 *
 * Each fold's file is named by a digest of its inputs, so any change to them fits afresh, and
 * a kept file is never used for inputs it was not fitted on.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {AskAiModel} from '../../server/src/askai/model/weights';

/** What the fit reads: a fold model changes when any file under these does. */
export const FIT_INPUTS = [
  'search/src',
  'search/data',
  'search/dist/index.json',
  'server/src/askai',
  'bench/ask-ai-fit',
  'bench/lib',
  'package-lock.json',
] as const;

/**
 * Files under `FIT_INPUTS` that the fit never reads into a model: the answer's text is composed
 * from a plan (which units to quote, how to write them) after every feature is computed, and
 * `fitModel` reads only a plan's features; the fit plans each question with `planAnswer`
 * directly, so the service's choice between a follow-up's plans (`askService.ts`) only answers
 * the left-out sets; the shipped weights are the fit's output, not its input; documentation is
 * prose; `foldStyles.ts` only reads kept fold models.
 */
export const NOT_FIT_INPUTS = [
  'server/src/askai/quotedUnits.ts',
  'server/src/askai/askService.ts',
  'server/src/askai/answerers/',
  'server/src/askai/model/weights.json',
  'bench/ask-ai-fit/foldModels.ts',
  'bench/ask-ai-fit/foldStyles.ts',
] as const;

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(relative, name)));
}

const excluded = (file: string) =>
  file.endsWith('.md') ||
  NOT_FIT_INPUTS.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

/**
 * The search index says when it was built (`"generatedAt"`, near its start): every `npm run
 * build` changes it and nothing else, which no fit reads. Left out of the digest, so that a
 * rebuild of the same pages keeps the fold models.
 */
function withoutBuildTime(content: Buffer): Buffer {
  const head = content.subarray(0, 200).toString('latin1');
  const match = /"generatedAt":"[^"]*",?/.exec(head);
  return match
    ? Buffer.concat([
        content.subarray(0, match.index),
        content.subarray(match.index + match[0].length),
      ])
    : content;
}

/** A digest of every file the fit reads, with its path, and of the settings given. */
export function fitInputsDigest(root: string, settings: Record<string, string | null>): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(settings));
  for (const file of FIT_INPUTS.flatMap((entry) => filesUnder(root, entry)).filter(
    (file) => !excluded(file),
  )) {
    hash.update(`\0${file}\0`);
    hash.update(withoutBuildTime(readFileSync(path.join(root, file))));
  }
  return hash.digest('hex');
}

export class FoldModels {
  constructor(
    private readonly dir: string,
    private readonly inputs: string,
  ) {
    mkdirSync(dir, {recursive: true});
  }

  /** The kept fold model for these training questions, or the one `fit` gives, then kept. */
  model(
    group: string,
    training: unknown,
    fit: () => AskAiModel,
  ): {model: AskAiModel; kept: boolean} {
    const digest = createHash('sha256')
      .update(this.inputs)
      .update(JSON.stringify(training))
      .digest('hex')
      .slice(0, 16);
    const file = path.join(this.dir, `${group}-${digest}.json`);
    if (existsSync(file))
      return {model: JSON.parse(readFileSync(file, 'utf8')) as AskAiModel, kept: true};
    const model = fit();
    // JSON keeps every double exactly (shortest round-trip form), so a kept model answers as
    // the fitted one did.
    writeFileSync(file, JSON.stringify(model));
    return {model, kept: false};
  }
}
