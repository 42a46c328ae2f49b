import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers with an ETag and turns a matching If-None-Match into a 304 with no body. */
    conditional?: boolean;
  }
}

/**
 * The ETag of a personal answer: a hash of the body salted with the session, so one customer's tag never
 * matches another's answer and no tag outlives the session it was given to (a new sign-in starts afresh).
 */
export const etagOf = (sessionId: string, body: string | Buffer) =>
  `"${createHash('sha1').update(String(sessionId)).update('\0').update(body).digest('base64url')}"`;

/** True when an If-None-Match header names the tag (a list, or `*`); weak tags compare by their value. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

function conditionalAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (!request.routeOptions.config.conditional || reply.statusCode !== 200 || !request.session) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  // A route that knows what its answer is made of tags it itself (identity/poll.ts); others hash the body.
  const given = reply.getHeader('etag');
  const etag = typeof given === 'string' ? given : etagOf(request.session.id, payload);
  reply.header('etag', etag);
  if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return '';
}

/**
 * Conditional GET for the polled routes (config.conditional). Only a 200 for a live session is tagged: errors
 * and 401s never answer 304. Registered before compression so it hashes the JSON, not a gzip stream.
 * A small hook rather than @fastify/etag, which tags every route and every status code.
 */
export const conditionalGet = fp(async (app: FastifyInstance) => {
  // A callback hook: nothing here waits, and a promise per answer is measurable on the polls.
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, conditionalAnswer(request, reply, payload));
  });
});
