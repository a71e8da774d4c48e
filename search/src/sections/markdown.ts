/** Handbook text quoted as markdown: no accidental links, emphasis or HTML. */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>])/g, '\\$1');
}

/** Quoted markdown back to the words a reader sees. */
export function plainOf(markdown: string): string {
  return markdown.replace(/\\([\\`*_[\]<>|])/g, '$1').replace(/`/g, '');
}
