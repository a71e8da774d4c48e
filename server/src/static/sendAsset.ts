import type {FastifyReply, FastifyRequest} from 'fastify';
import type {Asset} from './assetStore';

/** Header lists as `writeHead` takes them flat: name, value, name, value… */
type Variants = {
  readonly identity: readonly string[];
  readonly brotli: readonly string[] | null;
  readonly gzip: readonly string[] | null;
};

const flat = (headers: Readonly<Record<string, string>>) => Object.entries(headers).flat();

export type AssetSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  status?: number,
) => FastifyReply;

/**
 * Sends in-memory assets with every response header computed once per asset and encoding
 * (security headers, type, caching, validator), and the best encoding the client accepts.
 */
export function assetSender(headers: Readonly<Record<string, string>>): AssetSender {
  const cache = new WeakMap<Asset, Variants>();
  const variantsOf = (asset: Asset): Variants => {
    let variants = cache.get(asset);
    if (!variants) {
      const identity = {
        ...headers,
        'content-type': asset.contentType,
        'cache-control': asset.cacheControl,
        etag: asset.etag,
        vary: 'accept-encoding',
      };
      variants = {
        identity: flat(identity),
        brotli: asset.brotli ? flat({...identity, 'content-encoding': 'br'}) : null,
        gzip: asset.gzip ? flat({...identity, 'content-encoding': 'gzip'}) : null,
      };
      cache.set(asset, variants);
    }
    return variants;
  };
  // The hot path of the gate: the response is written in one go from precomputed parts,
  // past Fastify's reply serialisation (nothing else needs to touch a static asset).
  // Node's ServerResponse leaves the body out of HEAD and 304 responses by itself.
  const write = (reply: FastifyReply, status: number, headers: readonly string[], body: Buffer) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(
      status,
      status === 304 ? [...headers] : [...headers, 'content-length', String(body.length)],
    );
    raw.end(status === 304 ? undefined : body);
    return reply;
  };
  return (request, reply, asset, status = 200) => {
    const variants = variantsOf(asset);
    if (status === 200 && request.headers['if-none-match'] === asset.etag) {
      return write(reply, 304, variants.identity, asset.body);
    }
    const accepted = request.headers['accept-encoding'];
    if (accepted) {
      if (variants.brotli && asset.brotli && /\bbr\b/.test(accepted))
        return write(reply, status, variants.brotli, asset.brotli);
      if (variants.gzip && asset.gzip && /\bgzip\b/.test(accepted))
        return write(reply, status, variants.gzip, asset.gzip);
    }
    return write(reply, status, variants.identity, asset.body);
  };
}
