import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, matchesEtag, type PublishedPrices } from '../pricing/published';

/**
 * Sends a body built and compressed ahead of time: 304 when the caller has this version, otherwise the
 * stored encoding the caller accepts (the compression plugin leaves a body with Content-Encoding alone).
 */
export function sendPublished(request: FastifyRequest, reply: FastifyReply, published: PublishedPrices) {
  reply.header('ETag', published.etag).header('Vary', 'Accept-Encoding, Authorization');
  if (matchesEtag(request.headers['if-none-match'], published.etag)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('Content-Type', 'application/json; charset=utf-8');
  if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
  return reply.send(published[encoding]);
}
