/**
 * Turns the raw request path into the canonical, decoded path the asset store is keyed by, or
 * explains why it cannot be one. Nothing here touches the filesystem; it only refuses paths
 * that no build file could have, so that odd encodings are answered with a clear 400.
 */
export type PathResult =
  {readonly ok: true; readonly path: string} | {readonly ok: false; readonly reason: string};

const MAX_PATH_LENGTH = 2048;
// Control characters, backslashes and NUL never appear in a Docusaurus route or file name.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

export function canonicalPath(rawUrl: string): PathResult {
  const rawPath = rawUrl.split('?', 1)[0] ?? '';
  if (rawPath.length > MAX_PATH_LENGTH) return {ok: false, reason: 'The path is too long.'};
  if (!rawPath.startsWith('/')) return {ok: false, reason: 'The path must start with "/".'};
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return {ok: false, reason: 'The path is not valid percent-encoding.'};
  }
  if (FORBIDDEN.test(decoded)) {
    return {ok: false, reason: 'The path contains a forbidden character.'};
  }
  const segments = decoded.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    return {ok: false, reason: 'The path must not contain "." or ".." segments.'};
  }
  if (segments.slice(0, -1).some((segment) => segment === '')) {
    return {ok: false, reason: 'The path must not contain empty segments.'};
  }
  // A second decoding must not change anything: double-encoded dots and slashes are refused.
  if (/%[0-9a-f]{2}/i.test(decoded)) {
    return {ok: false, reason: 'The path must not be encoded twice.'};
  }
  return {ok: true, path: decoded};
}

/** `/a/index.html` → `/a/`, `/a.html` → `/a`; undefined when there is nothing to strip. */
export function withoutHtmlSuffix(canonical: string): string | undefined {
  if (canonical.endsWith('/index.html')) return canonical.slice(0, -'index.html'.length);
  if (canonical.endsWith('.html')) return canonical.slice(0, -'.html'.length);
  return undefined;
}

/** A `Location` for a canonical path: always one leading slash, so never another origin. */
export function locationFor(canonical: string, rawUrl: string): string {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?')) : '';
  const encoded = canonical
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `/${encoded.replace(/^\/+/, '')}${query}`;
}

/** The asset-store keys a page route may be stored under, most specific first. */
export function candidateKeys(canonical: string): string[] {
  if (canonical.endsWith('/')) return [`${canonical}index.html`];
  return [canonical, `${canonical}/index.html`, `${canonical}.html`];
}
