import { endpoints, type PaymentLinkQuery } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { requireSession } from '../identity/auth';
import { redeemLinkCode } from '../identity/handoff';
import { clockToday, requestPayment, requireBizumEnabled, withdraw } from '../servicing';
import {
  activateExtension,
  bizumPaymentForm,
  partialRepayOffer,
  prolongDetails,
  prolongOffer,
} from '../servicing/customer';
import { payWithSavedCard } from '../servicing/saved-card';
import { route } from './route';

/** Repayment, extension and withdrawal: each route one call into the servicing room. */
export async function servicingRoutes(app: FastifyInstance, { database, checkout, config, autoDebit }: AppContext) {
  const db = database.db;

  route(app, endpoints.partialRepay, async (request) => partialRepayOffer(db, requireSession(request).userId));
  route(app, endpoints.prolong, async (request) =>
    prolongOffer(db, requireSession(request).userId, await clockToday(db), config.publicUrl),
  );
  route(app, endpoints.prolongDetails, async (request) =>
    prolongDetails(
      db,
      requireSession(request).userId,
      request.query.term,
      request.query.promocode,
      await clockToday(db),
      config.publicUrl,
    ),
  );
  route(app, endpoints.activateExtension, async (request) =>
    activateExtension(db, requireSession(request).userId, request.body, await clockToday(db), checkout?.card ?? null),
  );
  route(app, endpoints.paymentRequest, async (request, reply) => {
    const { request: made, created } = await requestPayment(
      db,
      requireSession(request).userId,
      'card',
      request.body,
      await clockToday(db),
      checkout?.card ?? null,
    );
    reply.code(created ? 201 : 200);
    return made;
  });
  route(app, endpoints.bizumPaymentRequest, async (request, reply) => {
    const { userId } = requireSession(request);
    await requireBizumEnabled(db, userId, config.customerFlagDefaults);
    const { request: made, created } = await requestPayment(
      db,
      userId,
      'bizum',
      request.body,
      await clockToday(db),
      checkout?.bizum ?? null,
    );
    reply.code(created ? 201 : 200);
    return made;
  });
  route(app, endpoints.savedCardPayment, async (request, reply) => {
    const { payment, created } = await payWithSavedCard(
      db,
      requireSession(request).userId,
      request.body,
      await clockToday(db),
      autoDebit ?? null,
    );
    reply.code(created ? 201 : 200);
    return payment;
  });
  route(app, endpoints.withdrawal, async (request) =>
    withdraw(db, requireSession(request).userId, await clockToday(db)),
  );
  // The browser comes to these itself, so they are opened with a one-time code in the query
  // (POST /v2/user/link_code, held to SUPPORT_SESSION_ACTS), never the session token: addresses reach logs.
  const paymentOf = ({ code: _code, ...input }: Static<typeof PaymentLinkQuery>) => input;
  route(app, endpoints.cardPayment, async (request, reply) => {
    const userId = await redeemLinkCode(db, request.query.code, 'card_payment');
    const { request: made } = await requestPayment(
      db,
      userId,
      'card',
      paymentOf(request.query),
      await clockToday(db),
      checkout?.card ?? null,
    );
    if (!made.payment_link) throw ApiError.request(404, messages.routeNotFound);
    return reply.header('cache-control', 'no-store').redirect(made.payment_link, 303) as never;
  });
  route(app, endpoints.bizumPayment, async (request, reply) => {
    const userId = await redeemLinkCode(db, request.query.code, 'bizum_payment');
    reply.header('cache-control', 'no-store');
    return bizumPaymentForm(
      db,
      userId,
      paymentOf(request.query),
      await clockToday(db),
      checkout?.bizum ?? null,
      config.customerFlagDefaults,
    );
  });
}
