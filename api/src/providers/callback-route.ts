import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { SIGNATURE_HEADER, signHeader, verifySignature } from './callbacks';
import { onceForEvent } from './events';

/** Provider callbacks are small JSON events; anything larger is not one. */
const CALLBACK_BODY_LIMIT = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

export interface CallbackRoute<S extends TSchema, R> {
  /** The provider's name: the replay key's namespace and the `PROVIDER_SECRET_<NAME>` it is signed with. */
  provider: string;
  /** Where the provider posts, e.g. /v2/providers/liveness/callback. */
  path: string;
  /** The event's shape; validated after the signature, so a forged body learns nothing about it. */
  body: S;
  /** The provider's unique id of this event: the same id twice is a replay. */
  eventId: (event: Static<S>) => string;
  secret: () => Promise<string>;
  /** The event's effect, in the same transaction as the replay claim; its result answers every replay. */
  handle: (trx: Transaction<Database>, event: Static<S>) => Promise<R>;
}

/**
 * One signed, replay-safe callback route. Registered in its own encapsulated context, so reading the raw body
 * (needed for the HMAC) changes JSON parsing for this route only.
 */
export function registerCallbackRoute<S extends TSchema, R>(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: CallbackRoute<S, R>,
): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT },
      (request: FastifyRequest, body: Buffer, done) => {
        request.rawBody = body;
        try {
          done(null, JSON.parse(body.toString('utf8')));
        } catch {
          done(ApiError.request(400, messages.malformedRequest));
        }
      },
    );
    scope.route({
      method: 'POST',
      url: spec.path,
      schema: { hide: true, body: spec.body },
      // A provider posts from a few addresses of its own and proves who it is by the signature: not the uploads
      // group its path would fall in (20 per 10 minutes per address would drop real providers' bursts).
      config: { limit: 'standard' },
      preValidation: async (request) => {
        const header = request.headers[SIGNATURE_HEADER];
        const verdict = verifySignature(
          await spec.secret(),
          typeof header === 'string' ? header : undefined,
          request.rawBody ?? Buffer.alloc(0),
        );
        if (verdict !== 'valid') {
          request.log.warn({ provider: spec.provider, verdict }, 'provider callback refused');
          throw ApiError.request(401, messages.providerSignatureInvalid);
        }
      },
      handler: async (request) => {
        const event = request.body as Static<S>;
        const outcome = await onceForEvent(db, spec.provider, spec.eventId(event), (trx) => spec.handle(trx, event));
        return { received: true, replayed: outcome.replayed, result: outcome.result };
      },
    });
  });
}

/**
 * How a sandbox provider's server side posts its signed event: through `app.inject` to the callback route, the
 * exact path (signature, replay claim, effect) a real provider's request takes. Answers the route's status code.
 */
export async function postSignedCallback(
  app: FastifyInstance,
  path: string,
  secret: () => Promise<string>,
  event: unknown,
): Promise<{ statusCode: number; body: unknown }> {
  const body = JSON.stringify(event);
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signHeader(await secret(), body) },
    payload: body,
  });
  let parsed: unknown = null;
  try {
    parsed = response.json();
  } catch {
    parsed = response.body;
  }
  return { statusCode: response.statusCode, body: parsed };
}
