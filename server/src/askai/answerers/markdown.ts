import type {Section} from '../types';

/** A markdown link to a section, labelled with where it sits: "Deployment workflow › Rollbacks". */
export function sectionLink(section: Section): string {
  const label =
    section.heading === section.pageTitle
      ? section.pageTitle
      : `${section.pageTitle} › ${section.heading}`;
  return `[${escapeMarkdown(label)}](${section.url})`;
}

/** Handbook text quoted as markdown: no accidental links, emphasis or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}
