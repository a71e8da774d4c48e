import type {Asset, AssetStore} from './assetStore';
import {canonicalPath, candidateKeys, locationFor, withoutHtmlSuffix} from './urlPath';

/** What a signed-in GET of a URL gets from the build. */
export type Resolution =
  | {readonly kind: 'bad'; readonly reason: string}
  | {readonly kind: 'redirect'; readonly location: string}
  | {readonly kind: 'file'; readonly asset: Asset}
  | {readonly kind: 'missing'};

/**
 * The one decision from a request URL to a file of the build: a 400 for a path no file could
 * have, a 301 away from `.html` suffixes, the file the route is stored under, or nothing.
 * Fastify's route and the page hot path's table both come from here.
 */
export function resolveRequest(site: AssetStore, url: string): Resolution {
  const result = canonicalPath(url);
  if (!result.ok) return {kind: 'bad', reason: result.reason};
  const stripped = withoutHtmlSuffix(result.path);
  if (stripped !== undefined) return {kind: 'redirect', location: locationFor(stripped, url)};
  for (const key of candidateKeys(result.path)) {
    const asset = site.get(key);
    if (asset) return {kind: 'file', asset};
  }
  return {kind: 'missing'};
}
