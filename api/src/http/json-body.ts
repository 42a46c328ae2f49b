import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

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
 * JSON bodies as Fastify parses them, refusing a NUL character in any string: valid JSON (`"\u0000"`), but no
 * PostgreSQL text column can hold it, so it would reach the database and fail there as a 500. No field of
 * the contract means it, so it is a malformed request for every route at once.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      if (holdsNul(value)) return done(ApiError.request(400, messages.malformedRequest), undefined);
      done(null, value);
    });
  });
}
