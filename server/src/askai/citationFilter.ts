/**
 * Every link in an answer must point to a section retrieval returned for this question. This
 * filter sits between the answerer and the reader and works on the stream: it holds back only
 * what could still become a link, rewrites allowed links to this origin's path, keeps the label
 * of any other link, and drops images and bare or angle-bracketed URLs (an image to an outside
 * host would make the browser send a request there).
 */

const CONSTRUCT =
  /(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"\n]*")?\s*\)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>()[\]]+)/g;
/** The start of something that may still become a link, at the end of the text seen so far. */
const UNFINISHED = /(!?\[[^\]\n]*(\]\([^)\n]*)?|<[^>\n]*|\S+)$/;
/** Held back at most this long: past it, the text was never going to be a link. */
const MAX_HELD = 600;

export class CitationFilter {
  private held = '';
  private readonly allowed: ReadonlySet<string>;
  readonly cited: string[] = [];
  readonly removed: string[] = [];

  /** `allowed`: same-origin paths with anchors, e.g. `/docs/workflow/deployment-workflow#rollbacks`. */
  constructor(allowed: Iterable<string>) {
    this.allowed = new Set(allowed);
  }

  /** Takes the next piece of the answer; returns what may be shown now. */
  push(delta: string): string {
    this.held += delta;
    const unfinished = UNFINISHED.exec(this.held);
    let cut = unfinished ? unfinished.index : this.held.length;
    // Never cut through a complete link: it is checked whole.
    for (const match of this.held.matchAll(CONSTRUCT)) {
      if (match.index < cut && cut < match.index + match[0].length) cut = match.index;
    }
    if (this.held.length - cut > MAX_HELD) cut = this.held.length;
    const ready = this.held.slice(0, cut);
    this.held = this.held.slice(cut);
    return this.clean(ready);
  }

  /** The rest, at the end of the answer. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return this.clean(rest);
  }

  private clean(text: string): string {
    return text.replace(
      CONSTRUCT,
      (_match, bang: string, label: string | undefined, url: string | undefined, angle, bare) => {
        if (url !== undefined && label !== undefined) {
          const local = this.localPath(url);
          if (bang) {
            this.removed.push(url);
            return '';
          }
          if (local !== null && this.allowed.has(local)) {
            if (!this.cited.includes(local)) this.cited.push(local);
            return `[${label}](${local})`;
          }
          this.removed.push(url);
          return label;
        }
        this.removed.push(String(angle ?? bare));
        return '';
      },
    );
  }

  /** A link's target as a path on this origin (absolute URLs to any host are reduced). */
  private localPath(url: string): string | null {
    if (url.startsWith('/') && !url.startsWith('//')) return url;
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
      const local = `${parsed.pathname}${parsed.hash}`;
      // Only a link whose path is a cited section survives; its host is dropped either way.
      return this.allowed.has(local) ? local : null;
    } catch {
      return null;
    }
  }
}
