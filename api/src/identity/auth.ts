import { type EndpointName, endpoints, sessionMay } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { sha256 } from '../crypto';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { audit } from './audit';
import { findSession, type Session } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** The token's SHA-256, once worked out (tokenHashOf): '' for no token, null before. */
    tokenHash: string | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's own query checks the token (GET /v2/user: one round trip in all), so the hook leaves it
     * alone; the handler calls requireTokenHash, then adoptSession with what its query found.
     */
    sessionInQuery?: boolean;
  }
}

/** The token from `Authorization: Bearer …`, or the `ApiKey` header of the generated client. */
export function tokenOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  const apiKey = request.headers.apikey;
  return typeof apiKey === 'string' && apiKey ? apiKey : null;
}

export const unauthorized = () => ApiError.request(401, messages.unauthorized);

/** Resolves the caller's session on every request; routes then find everything through it. */
export const authentication = fp(async (app: FastifyInstance, { db }: { db: Kysely<Database> }) => {
  app.decorateRequest('session', null);
  app.decorateRequest('tokenHash', null);
  // Callback hooks, not async ones: most requests (the polls, sessionInQuery) settle them without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const token = request.routeOptions.config.sessionInQuery ? null : tokenOf(request);
    if (!token) return done();
    findSession(db, token).then((session) => {
      request.session = session;
      done();
    }, done);
  });
  // An impersonation (admin) or agent session is audited request by request. Written
  // before the answer leaves (onSend, not onResponse), so the record exists, in order, when the caller sees it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const session = request.session;
    if (!session || session.kind === 'customer') return done(null, payload);
    audit(db, {
      actor: `${session.kind}:${session.actor ?? 'unknown'}`,
      subject: `user:${session.userId}`,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      address: request.ip,
      detail: { status: reply.statusCode, session: session.id },
    }).then(() => done(null, payload), done);
  });
});

/**
 * The SHA-256 of the caller's token (what sessions are stored by), or null without a token: worked out once per
 * request, since a poll needs it twice (its rate-limit key and its statement).
 */
export function tokenHashOf(request: FastifyRequest): string | null {
  if (request.tokenHash === null) {
    const token = tokenOf(request);
    request.tokenHash = token ? sha256(token) : '';
  }
  return request.tokenHash || null;
}

/** For a sessionInQuery route: the SHA-256 of the caller's token, else 401. */
export function requireTokenHash(request: FastifyRequest): string {
  const tokenHash = tokenHashOf(request);
  if (!tokenHash) throw unauthorized();
  return tokenHash;
}

/** For a sessionInQuery route: what its query found becomes the request's session (audit, ETag), else 401. */
export function adoptSession<T extends { session: Session }>(request: FastifyRequest, found: T | null): T {
  if (!found) throw unauthorized();
  request.session = found.session;
  return found;
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

export const impersonationForbidden = () => ApiError.request(403, messages.impersonationForbidden);

/**
 * For a handler one of whose branches is another call's act (a resend that is a phone change's): the session,
 * held to that call's line of SUPPORT_SESSION_ACTS. Routes themselves are held to theirs before validation.
 */
export function requireSessionFor(request: FastifyRequest, act: EndpointName): Session {
  const session = requireSession(request);
  if (!sessionMay(session.kind, act, endpoints[act].method)) throw impersonationForbidden();
  return session;
}
