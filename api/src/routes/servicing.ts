import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../http/errors';
import { requireSession } from '../identity/auth';
import { clockToday, paymentCallback, requestPayment, withdraw } from '../servicing';
import { activateExtension, partialRepayOffer, prolongDetails, prolongOffer } from '../servicing/customer';
import { route } from './route';

/** Repayment, extension and withdrawal (issue 11): each route one call into the servicing room. */
export async function servicingRoutes(app: FastifyInstance, { database, checkout }: AppContext) {
  const db = database.db;
  const customer = (request: Parameters<typeof requireSession>[0]) => {
    const session = requireSession(request);
    // Admin sessions look; they do not move the customer's money or contract.
    if (session.kind === 'admin') throw ApiError.request(403, messages.impersonationForbidden);
    return session;
  };

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
    const { request: made, created } = await requestPayment(
      db,
      customer(request).userId,
      'bizum',
      request.body,
      await clockToday(db),
      checkout?.bizum ?? null,
    );
    reply.code(created ? 201 : 200);
    return made;
  });
  route(app, endpoints.withdrawal, async (request) => withdraw(db, customer(request).userId, await clockToday(db)));
  route(app, endpoints.paymentCallback, async (request) => {
    const signature = request.headers['x-signature'];
    return paymentCallback(
      db,
      request.body,
      typeof signature === 'string' ? signature : undefined,
      await clockToday(db),
    );
  });
}
