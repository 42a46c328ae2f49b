import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';

/** True when any string in a parsed JSON value (keys included) holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them, refusing two things for every route at once. A body sent compressed (415):
 * requests are read as sent. A NUL character in any string: valid JSON (`"\u0000"`), but no PostgreSQL text
 * column can hold it, so it would reach the database and fail there as a 500; no field of the contract means it.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Bodies are read as sent (app.ts: no request decompression): a compressed one is not JSON to us.
    const encoding = request.headers['content-encoding'];
    if (encoding && encoding !== 'identity') return done(ApiError.request(415, messages.malformedRequest), undefined);
    parse(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      if (holdsNul(value)) return done(ApiError.request(400, messages.malformedRequest), undefined);
      done(null, value);
    });
  });
}
