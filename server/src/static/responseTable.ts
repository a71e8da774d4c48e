import type {Asset, AssetStore} from './assetStore';
import type {PreparedResponse} from './preparedResponse';
import {resolveRequest} from './resolveRequest';

/** Request URL (exactly as received) → the prepared response of the file it is answered with. */
export type ResponseTable = ReadonlyMap<string, PreparedResponse>;

/**
 * Every URL a reader's browser asks for that the build answers with a file (200): each file's
 * own path, and for a page stored as `…/index.html` its route with and without the trailing
 * slash. Each entry is what `resolveRequest` decides for that URL, so the table can only answer
 * as Fastify's route would; URLs with a query, percent-encoding or anything unusual are not in
 * it and go the long way.
 */
export function buildResponseTable(
  site: AssetStore,
  prepared: (asset: Asset) => PreparedResponse,
  /** URLs the table must leave to Fastify's route (a page with checks of its own). */
  excluded: (url: string) => boolean = () => false,
): ResponseTable {
  const table = new Map<string, PreparedResponse>();
  for (const key of site.keys()) {
    const urls = [key];
    if (key.endsWith('/index.html')) {
      const route = key.slice(0, -'index.html'.length);
      urls.push(route);
      if (route !== '/') urls.push(route.slice(0, -1));
    } else if (key.endsWith('.html')) {
      urls.push(key.slice(0, -'.html'.length));
    }
    for (const url of urls) {
      if (table.has(url) || encodeURI(url) !== url || excluded(url)) continue;
      const resolution = resolveRequest(site, url);
      if (resolution.kind === 'file') table.set(url, prepared(resolution.asset));
    }
  }
  return table;
}
