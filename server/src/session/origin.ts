import type {FastifyRequest} from 'fastify';

/**
 * True when the request's `Origin` is this site's own origin. State-changing session requests
 * must come from our pages: a missing or foreign Origin is refused (cross-site request forgery).
 */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  return origin === `${request.protocol}://${request.host}`;
}
