import { type ErrorBody, type ErrorEntry, REQUEST_PROPERTY } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { toErrorEntries } from './validation';

export const errorBody = (entries: ErrorEntry[]): ErrorBody => ({ errors: entries });

/** Fastify's own client errors (bad JSON, too large, wrong media type) in Spanish. */
const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.requestTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.malformedRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.malformedRequest,
  FST_ERR_CTP_INVALID_JSON_BODY: messages.malformedRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messages.malformedRequest,
  FST_ERR_BAD_URL: messages.malformedRequest,
  FST_ERR_MAX_PARAM_LENGTH: messages.requestTooLarge,
};

/**
 * Errors the router meets before a route (a path parameter too long, a malformed URL): Fastify answers them in
 * its own shape unless given this as `frameworkErrors`. Same shape and Spanish as every other 4xx.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message = FASTIFY_CODES[error.code] ?? messages.malformedRequest;
  return reply.code(status).send(errorBody([{ message, property: REQUEST_PROPERTY }]));
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined && !reply.hasHeader('retry-after'))
        reply.header('retry-after', error.retryAfter);
      return reply.code(error.statusCode).send(errorBody(error.entries));
    }
    if (error.validation) {
      return reply.code(422).send(errorBody(toErrorEntries(error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FASTIFY_CODES[error.code]) ?? messages.malformedRequest;
      // SyntaxError from JSON.parse arrives as a 400 without a Fastify code.
      return reply.code(status).send(errorBody([{ message, property: REQUEST_PROPERTY }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody([{ message: messages.serverError, property: REQUEST_PROPERTY }]));
  });
}

/**
 * Unknown paths: a 404 with the usual error body. Registered by the rate limits (api/src/http/rate-limit.ts), which
 * count them.
 */
export function notFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(errorBody([{ message: messages.routeNotFound, property: REQUEST_PROPERTY }]));
}
