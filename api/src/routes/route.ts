import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';

/** One entry of the contract's `endpoints` table. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  body?: TSchema;
  params?: TSchema;
  query?: TSchema;
  response: TSchema;
}

type Input<E extends Endpoint, K extends 'body' | 'params' | 'query'> = E[K] extends TSchema ? Static<E[K]> : unknown;

type Handler<E extends Endpoint> = (
  request: FastifyRequest<{ Body: Input<E, 'body'>; Params: Input<E, 'params'>; Querystring: Input<E, 'query'> }>,
  reply: FastifyReply,
) => Promise<Static<E['response']>>;

/** Registers a route from its contract entry: the same schemas validate, document and type it. */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // A POST that creates answers 201 with the same body as its idempotent replay's 200.
      response: { 200: endpoint.response, ...(endpoint.method === 'POST' ? { 201: endpoint.response } : {}) },
    },
    handler: handler as never,
  });
}
