import { type EndpointName, endpoints, sessionMay } from '@credimo/shared/contract';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationHookHandler,
} from 'fastify';
import type { Static, TSchema } from 'typebox';
import { type Access, type Documentable, operationDocs } from '../http/openapi';
import { impersonationForbidden, tokenOf, unauthorized } from '../identity/auth';

/** One entry of the contract's `endpoints` table. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  /** Who may call; a session token unless said otherwise. */
  access?: Access;
  /** 4xx statuses the handler throws beyond those derived from access and input. */
  errors?: readonly number[];
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

/** The contract's name of an entry: the operation's stable id for generated clients. */
const nameOf = new Map<Endpoint, EndpointName>(
  Object.entries(endpoints).map(([name, endpoint]) => [endpoint as Endpoint, name as EndpointName]),
);

/**
 * Who may call, checked before the input is validated: an anonymous caller learns nothing of a route's body
 * rules (401 first), and a support session is held to SUPPORT_SESSION_ACTS (403). A sessionInQuery route
 * checks its token in its own statement (it only reads), so here only the token's presence.
 */
function callerCheck(name: EndpointName, endpoint: Endpoint, sessionInQuery: boolean): preValidationHookHandler {
  const needsSession = (endpoint.access ?? 'session') === 'session';
  return (request, _reply, done) => {
    const session = request.session;
    if (!session) return done(needsSession && !(sessionInQuery && tokenOf(request)) ? unauthorized() : undefined);
    done(sessionMay(session.kind, name, endpoint.method) ? undefined : impersonationForbidden());
  };
}

/**
 * Registers a route from its contract entry: the same schemas validate, document and type it. `config` carries
 * per-route behaviour the app's hooks read (e.g. `conditional` for ETag and 304, `sessionInQuery`).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  options: { config?: FastifyContextConfig } = {},
): void {
  const name = nameOf.get(endpoint);
  if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not in the contract's endpoints table`);
  const docs = operationDocs(name, endpoint);
  app.route({
    ...(options.config ? { config: options.config } : {}),
    ...((endpoint.access ?? 'session') === 'public'
      ? {}
      : { preValidation: callerCheck(name, endpoint, options.config?.sessionInQuery === true) }),
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      operationId: docs.operationId,
      security: docs.security,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      response: {
        200: endpoint.response,
        // A POST that creates answers 201 with the same body as its idempotent replay's 200.
        ...(endpoint.method === 'POST' ? { 201: endpoint.response } : {}),
        ...docs.response,
      },
    },
    handler: handler as never,
  });
}

/**
 * The documentation fields of a route that cannot come from the contract table (an HTML or PDF answer):
 * named and described the same way, so no operation reaches OpenAPI without an id, security or its 4xx.
 */
export function withDocs(operationId: string, endpoint: Documentable, response: Record<number, unknown> = {}) {
  const docs = operationDocs(operationId, endpoint);
  return { operationId, security: docs.security, response: { ...response, ...docs.response } };
}
