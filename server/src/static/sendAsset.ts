import type {FastifyReply, FastifyRequest} from 'fastify';
import type {Asset} from './assetStore';
import {chooseVariant, prepareResponse, type PreparedResponse} from './preparedResponse';

export type AssetSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  status?: number,
) => FastifyReply;

/**
 * Sends in-memory assets through Fastify with every response header computed once per asset
 * and encoding (`prepareResponse`, shared with the page hot path), past Fastify's reply
 * serialisation: nothing else needs to touch a static asset.
 */
export function assetSender(
  headers: Readonly<Record<string, string>>,
  prepared: (asset: Asset) => PreparedResponse = cachedPreparer(headers),
): AssetSender {
  return (request, reply, asset, status = 200) => {
    const chosen = chooseVariant(
      prepared(asset),
      request.headers['if-none-match'],
      request.headers['accept-encoding'],
      status,
    );
    reply.hijack();
    reply.raw.writeHead(chosen.status, chosen.headers as string[]);
    reply.raw.end(chosen.body);
    return reply;
  };
}

/** Prepares each asset once, on first use. */
export function cachedPreparer(
  headers: Readonly<Record<string, string>>,
): (asset: Asset) => PreparedResponse {
  const cache = new WeakMap<Asset, PreparedResponse>();
  return (asset) => {
    let prepared = cache.get(asset);
    if (!prepared) {
      prepared = prepareResponse(asset, headers);
      cache.set(asset, prepared);
    }
    return prepared;
  };
}
