import type {FastifyReply, FastifyRequest} from 'fastify';
import type {Asset} from './assetStore';

/** Sends an in-memory asset with its precomputed validators and the best encoding accepted. */
export function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: Asset,
  headers: Readonly<Record<string, string>>,
  status = 200,
): FastifyReply {
  reply.headers(headers);
  reply.header('content-type', asset.contentType);
  reply.header('cache-control', asset.cacheControl);
  reply.header('etag', asset.etag);
  reply.header('vary', 'accept-encoding');
  if (status === 200 && request.headers['if-none-match'] === asset.etag) {
    return reply.code(304).send();
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  let body = asset.body;
  if (asset.brotli && /\bbr\b/.test(accepted)) {
    reply.header('content-encoding', 'br');
    body = asset.brotli;
  } else if (asset.gzip && /\bgzip\b/.test(accepted)) {
    reply.header('content-encoding', 'gzip');
    body = asset.gzip;
  }
  return reply.code(status).send(body);
}
