/**
 * Every link in an answer must point to a section retrieval returned for this question. This
 * filter sits between the answerer and the reader and works on the stream: it holds back only
 * what could still become a link, rewrites allowed links to this origin's path, keeps the label
 * of any other link, and drops images and bare or angle-bracketed URLs (an image to an outside
 * host would make the browser send a request there). Code (fenced blocks and inline spans) is
 * passed through untouched: a URL in code is text, never fetched or clickable.
 */

const FENCE = '```';
const CONSTRUCT =
  /(`[^`\n]+`)|(!?)\[([^\]\n]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"\n]*")?\s*\)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>()[\]`]+)/g;
/** The start of something that may still become a link or a code span, at the end of the text. */
const UNFINISHED = /(`[^`\n]*|!?\[[^\]\n]*(\]\([^)\n]*)?|<[^>\n]*|\S+)$/;
/** Held back at most this long: past it, the text was never going to be a link. */
const MAX_HELD = 600;

export class CitationFilter {
  private held = '';
  private inFence = false;
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
    return this.drain(false);
  }

  /** The rest, at the end of the answer. */
  flush(): string {
    return this.drain(true);
  }

  private drain(final: boolean): string {
    let out = '';
    for (;;) {
      const fence = this.held.indexOf(FENCE);
      if (this.inFence) {
        if (fence < 0) {
          // Inside code: whole lines are safe to show.
          const cut = final ? this.held.length : this.held.lastIndexOf('\n') + 1;
          out += this.held.slice(0, cut);
          this.held = this.held.slice(cut);
          return out;
        }
        out += this.held.slice(0, fence + FENCE.length);
        this.held = this.held.slice(fence + FENCE.length);
        this.inFence = false;
        continue;
      }
      if (fence >= 0) {
        out += this.clean(this.held.slice(0, fence)) + FENCE;
        this.held = this.held.slice(fence + FENCE.length);
        this.inFence = true;
        continue;
      }
      if (final) {
        out += this.clean(this.held);
        this.held = '';
        return out;
      }
      // One or two backticks at the end may be the start of a fence.
      const ticks = /`{1,2}$/.exec(this.held);
      const unfinished = UNFINISHED.exec(this.held);
      let cut = Math.min(
        unfinished ? unfinished.index : this.held.length,
        ticks ? ticks.index : this.held.length,
      );
      // Never cut through a complete link or code span: each is checked whole.
      for (const match of this.held.matchAll(CONSTRUCT)) {
        if (match.index < cut && cut < match.index + match[0].length) cut = match.index;
      }
      if (this.held.length - cut > MAX_HELD) cut = this.held.length;
      out += this.clean(this.held.slice(0, cut));
      this.held = this.held.slice(cut);
      return out;
    }
  }

  private clean(text: string): string {
    return text.replace(
      CONSTRUCT,
      (
        match,
        code: string | undefined,
        bang: string | undefined,
        label: string | undefined,
        url: string | undefined,
        angle: string | undefined,
        bare: string | undefined,
      ) => {
        if (code !== undefined) return match;
        if (url !== undefined && label !== undefined) {
          if (bang) {
            this.removed.push(url);
            return '';
          }
          const local = this.localPath(url);
          if (local !== null) {
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

  /** A link's target as a path on this origin, if it is a section retrieval returned. */
  private localPath(url: string): string | null {
    let local: string;
    if (url.startsWith('/') && !url.startsWith('//')) {
      local = url;
    } else {
      try {
        const parsed = new URL(url);
        if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
        // Only the path and anchor count: the host is dropped, so the link stays on this origin.
        local = `${parsed.pathname}${parsed.hash}`;
      } catch {
        return null;
      }
    }
    return this.allowed.has(local) ? local : null;
  }
}
