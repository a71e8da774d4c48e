import {z} from 'zod';

/**
 * What the build says about each doc page, for the helpfulness table: its title, when and by
 * whom it was last updated (git), and its owner (`owner` front matter). Written by the site's
 * `pageFacts` plugin to `/insights/pages.json`, which the gate serves to insights viewers only.
 */
export const PAGE_FACTS_PATH = '/insights/pages.json';

export type PageFact = {
  readonly path: string;
  readonly title: string;
  readonly lastUpdatedAt: number | null;
  readonly lastUpdatedBy: string | null;
  readonly owner: string | null;
};

const facts = z.array(
  z.object({
    path: z.string(),
    title: z.string(),
    lastUpdatedAt: z.number().nullable(),
    lastUpdatedBy: z.string().nullable(),
    owner: z.string().nullable(),
  }),
);

/** The build's page facts by path; empty when the build has none (development proxy mode). */
export function readPageFacts(
  site: ReadonlyMap<string, {readonly body: Buffer}>,
): ReadonlyMap<string, PageFact> {
  const asset = site.get(PAGE_FACTS_PATH);
  if (!asset) return new Map();
  const parsed = facts.safeParse(JSON.parse(asset.body.toString('utf8')));
  if (!parsed.success) throw new Error(`${PAGE_FACTS_PATH} in the build is malformed`);
  return new Map(parsed.data.map((fact) => [fact.path, fact]));
}
