import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { listCards, setDefaultCard, startCardRequest, validateCard } from '../cards';
import type { CardAcquirer } from '../cards/acquirer';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireSession } from '../identity/auth';
import { redeemLinkCode } from '../identity/handoff';
import { isAllowedReturnUrl } from '../providers/return-urls';
import { route } from './route';

export interface CardRoutesOptions {
  context: AppContext;
  acquirer: CardAcquirer;
}

/** Payment cards. Every card is found through the caller's token. */
export async function cardRoutes(app: FastifyInstance, { context, acquirer }: CardRoutesOptions) {
  const db = context.database.db;
  const defaultReturn = new URL('/account?payment=add_card_successful', context.config.appUrl).toString();
  const returnUrlOf = (given: string | undefined) => {
    if (given === undefined) return defaultReturn;
    if (!isAllowedReturnUrl(context.config, given)) throw ApiError.field(422, 'return_url', messages.incorrectData);
    return given;
  };

  route(app, endpoints.addPaymentCard, async (request, reply) => {
    const session = requireSession(request);
    reply.code(201);
    return startCardRequest(db, acquirer, session.userId, returnUrlOf(request.body.return_url));
  });

  // The browser comes here itself (GET /card/tokenize), so it is opened with a one-time code in the query
  // (POST /v2/user/link_code), never the session token: addresses reach logs.
  route(app, endpoints.tokenizeCard, async (request, reply) => {
    const userId = await redeemLinkCode(db, request.query.code, 'tokenize_card');
    const started = await startCardRequest(db, acquirer, userId, returnUrlOf(request.query.return_url));
    return reply.header('cache-control', 'no-store').redirect(started.url, 303) as never;
  });

  route(app, endpoints.paymentCards, async (request) => listCards(db, requireSession(request).userId));

  route(app, endpoints.setDefaultPaymentCard, async (request) =>
    setDefaultCard(db, requireSession(request).userId, request.params.id),
  );

  route(app, endpoints.validatePaymentCard, async (request) =>
    validateCard(db, requireSession(request).userId, request.params.id),
  );
}
