import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Where the gate reads the facts; under /insights, so only insights viewers can fetch it. */
export const PAGE_FACTS_FILE = 'insights/pages.json';

export type PageFact = {
  path: string;
  title: string;
  lastUpdatedAt: number | null;
  lastUpdatedBy: string | null;
  owner: string | null;
};

type LoadedDoc = {
  permalink: string;
  title: string;
  lastUpdatedAt?: number | null;
  lastUpdatedBy?: string | null;
  frontMatter: {owner?: unknown};
};
type DocsContent = {loadedVersions: {docs: LoadedDoc[]}[]};

/**
 * Writes what the build knows of each doc page (title, last update from git, `owner` front
 * matter) for the /insights helpfulness table, which shows them beside readers' votes. A file
 * in the build, not global data: doc pages' bundles stay as they were.
 */
export default function pageFacts(): Plugin {
  let facts: PageFact[] = [];
  return {
    name: 'page-facts',
    allContentLoaded({allContent}) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      facts = (docs?.loadedVersions ?? [])
        .flatMap((version) => version.docs)
        .map((doc) => ({
          path: doc.permalink,
          title: doc.title,
          lastUpdatedAt: doc.lastUpdatedAt ?? null,
          lastUpdatedBy: doc.lastUpdatedBy ?? null,
          owner: typeof doc.frontMatter.owner === 'string' ? doc.frontMatter.owner : null,
        }))
        .sort((a, b) => a.path.localeCompare(b.path));
    },
    async postBuild({outDir}) {
      const file = path.join(outDir, PAGE_FACTS_FILE);
      await mkdir(path.dirname(file), {recursive: true});
      await writeFile(file, `${JSON.stringify(facts)}\n`);
    },
  };
}
