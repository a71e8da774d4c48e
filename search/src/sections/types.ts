import type {PageKind} from '../pageKind';

/**
 * The handbook as Ask AI reads it: one section per h2 and h3 heading (the levels of the table of
 * contents), code blocks included (a command is often the answer), each cut into quotable units.
 * Built from the built HTML by `npm run build` into the index file, beside the search records.
 */
export type Section = {
  /** Same-origin path with the heading's anchor: `/docs/workflow/deployment-workflow#rollbacks`. */
  readonly url: string;
  /** The page's path without anchor. */
  readonly page: string;
  /** The page title (lvl1). */
  readonly pageTitle: string;
  /** The heading of this section; the page title for the text before the first h2. */
  readonly heading: string;
  /** The headings above it and its own, page title first. */
  readonly trail: readonly string[];
  /** The ids of its heading and of the h4–h6 headings inside it. */
  readonly anchors: readonly string[];
  readonly kind: PageKind;
  /** Sentences, list items, table rows and code blocks, in page order. */
  readonly units: readonly Unit[];
};

/** The smallest quotable piece of a section. */
export type Unit = {
  /** A sentence of a paragraph, a list item, a table row (cells joined by ` | `), a code block. */
  readonly kind: 'text' | 'item' | 'row' | 'code';
  /** Plain text, for matching. */
  readonly text: string;
  /** The same as markdown, for quoting: inline code as code spans, the rest escaped. */
  readonly markdown: string;
  /** A table's header row (its cells are all `th`): what the columns of the rows below it are. */
  readonly head?: true;
};

/** A page's writer-given metadata: searched, never quoted. */
export type PageMeta = {
  readonly page: string;
  readonly title: string;
  readonly kind: PageKind;
  readonly description?: string;
  readonly keywords?: string;
};
