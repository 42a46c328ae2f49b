import { endpoints, type PaymentLinkQuery } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { requireSession, requireSessionFor, unauthorized } from '../identity/auth';
import { findSession } from '../identity/sessions';
import { clockToday, requestPayment, requireBizumEnabled, withdraw } from '../servicing';
import {
  activateExtension,
  bizumPaymentForm,
  partialRepayOffer,
  prolongDetails,
  prolongOffer,
} from '../servicing/customer';
import { route } from './route';

/** Repayment, extension and withdrawal (issue 11): each route one call into the servicing room. */
export async function servicingRoutes(app: FastifyInstance, { database, checkout, config }: AppContext) {
  const db = database.db;
  // Who may move the customer's money or contract: SUPPORT_SESSION_ACTS (the payment link's line for the GETs).
  const customer = (request: Parameters<typeof requireSession>[0]) => requireSessionFor(request, 'paymentRequest');

  route(app, endpoints.partialRepay, async (request) => partialRepayOffer(db, requireSession(request).userId));
  route(app, endpoints.prolong, async (request) =>
    prolongOffer(db, requireSession(request).userId, await clockToday(db)),
  );
  route(app, endpoints.prolongDetails, async (request) =>
    prolongDetails(
      db,
      requireSession(request).userId,
      request.query.term,
      request.query.promocode,
      await clockToday(db),
    ),
  );
  route(app, endpoints.activateExtension, async (request) =>
    activateExtension(db, customer(request).userId, request.body, await clockToday(db), checkout?.card ?? null),
  );
  route(app, endpoints.paymentRequest, async (request, reply) => {
    const { request: made, created } = await requestPayment(
      db,
      customer(request).userId,
      'card',
      request.body,
      await clockToday(db),
      checkout?.card ?? null,
    );
    reply.code(created ? 201 : 200);
    return made;
  });
  route(app, endpoints.bizumPaymentRequest, async (request, reply) => {
    const { userId } = customer(request);
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
  route(app, endpoints.withdrawal, async (request) => withdraw(db, customer(request).userId, await clockToday(db)));
  // The browser comes to these itself (SPEC section 7: GET with access_token), so the token is in the query.
  const queryCustomer = async (request: FastifyRequest, token: string) => {
    const session = await findSession(db, token);
    if (!session) throw unauthorized();
    request.session = session;
    return customer(request);
  };
  const paymentOf = ({ access_token: _token, ...input }: Static<typeof PaymentLinkQuery>) => input;
  route(
    app,
    endpoints.cardPayment,
    async (request, reply) => {
      const { userId } = await queryCustomer(request, request.query.access_token);
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
    },
    { config: { sessionInQuery: true } },
  );
  route(
    app,
    endpoints.bizumPayment,
    async (request, reply) => {
      const { userId } = await queryCustomer(request, request.query.access_token);
      reply.header('cache-control', 'no-store');
      return bizumPaymentForm(
        db,
        userId,
        paymentOf(request.query),
        await clockToday(db),
        checkout?.bizum ?? null,
        config.customerFlagDefaults,
      );
    },
    { config: { sessionInQuery: true } },
  );
}
