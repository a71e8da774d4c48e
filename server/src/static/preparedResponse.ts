import type {Asset} from './assetStore';
import {preferredCoding} from './encoding';

/** One encoding of a file: its body, and every header of its 200 as `writeHead` takes them. */
type Variant = {readonly body: Buffer; readonly headers: readonly string[]};

/**
 * A file of the build with every response it can get computed once: the header list of each
 * encoding (security headers, type, caching, validator, `Content-Length`), and of its 304.
 */
export type PreparedResponse = {
  readonly etag: string;
  readonly identity: Variant;
  readonly br: Variant | null;
  readonly gzip: Variant | null;
  readonly notModified: readonly string[];
};

const flat = (headers: Readonly<Record<string, string>>) => Object.entries(headers).flat();

export function prepareResponse(
  asset: Asset,
  headers: Readonly<Record<string, string>>,
): PreparedResponse {
  const common = {
    ...headers,
    'content-type': asset.contentType,
    'cache-control': asset.cacheControl,
    etag: asset.etag,
    vary: 'accept-encoding',
  };
  const variant = (body: Buffer, coding?: string): Variant => ({
    body,
    headers: flat({
      ...common,
      ...(coding ? {'content-encoding': coding} : {}),
      'content-length': String(body.length),
    }),
  });
  return {
    etag: asset.etag,
    identity: variant(asset.body),
    br: asset.brotli ? variant(asset.brotli, 'br') : null,
    gzip: asset.gzip ? variant(asset.gzip, 'gzip') : null,
    notModified: flat(common),
  };
}

/** What a response to this request is made of: the status, its headers, and the body. */
export type ChosenResponse = {
  readonly status: number;
  readonly headers: readonly string[];
  readonly body: Buffer | undefined;
};

/**
 * The variant a request gets: 304 when its `If-None-Match` is the file's validator (a 200
 * only), else the best encoding it accepts. Node's ServerResponse leaves the body out of
 * HEAD responses by itself.
 */
export function chooseVariant(
  prepared: PreparedResponse,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  status = 200,
): ChosenResponse {
  if (status === 200 && ifNoneMatch === prepared.etag) {
    return {status: 304, headers: prepared.notModified, body: undefined};
  }
  const coding = preferredCoding(acceptEncoding);
  const variant =
    (coding === 'br' ? prepared.br : coding === 'gzip' ? prepared.gzip : null) ?? prepared.identity;
  return {status, headers: variant.headers, body: variant.body};
}
