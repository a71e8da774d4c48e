/** The content codings the gate has precomputed for every compressible file. */
export type Coding = 'br' | 'gzip' | 'identity';

/** Whether a coding is listed without `q=0` (RFC 9110 §12.5.3; `*` stands for any). */
function accepts(header: string, coding: 'br' | 'gzip'): boolean {
  let wildcard = false;
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (name !== coding && name !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const acceptable = q === undefined || Number(q.slice(2)) > 0;
    if (name === coding) return acceptable;
    wildcard = acceptable;
  }
  return wildcard;
}

const MAX_REMEMBERED = 256;
const remembered = new Map<string, Coding>();

/**
 * The best coding a request's `Accept-Encoding` allows: brotli, then gzip, else the file as it
 * is. Browsers send one of a handful of header values, so each value is read once and its
 * answer remembered (at most 256 of them; the memory is cleared when full).
 */
export function preferredCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return 'identity';
  let coding = remembered.get(acceptEncoding);
  if (coding === undefined) {
    coding = accepts(acceptEncoding, 'br')
      ? 'br'
      : accepts(acceptEncoding, 'gzip')
        ? 'gzip'
        : 'identity';
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(acceptEncoding, coding);
  }
  return coding;
}
