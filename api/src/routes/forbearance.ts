import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireSession } from '../identity/auth';
import { clockToday } from '../servicing';
import { agreePlan, changeDueDate, forbearanceOffer } from '../servicing/forbearance';
import { route } from './route';

/** Forbearance before collection: the offer, the due-date change and the instalment plan, each one servicing call. */
export async function forbearanceRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;
  route(app, endpoints.forbearance, async (request) =>
    forbearanceOffer(db, requireSession(request).userId, await clockToday(db)),
  );
  route(app, endpoints.dueDateChange, async (request, reply) => {
    const { change, created } = await changeDueDate(
      db,
      requireSession(request).userId,
      request.body,
      await clockToday(db),
      request.ip,
    );
    reply.code(created ? 201 : 200);
    return change;
  });
  route(app, endpoints.instalmentPlan, async (request, reply) => {
    const { plan, created } = await agreePlan(
      db,
      requireSession(request).userId,
      request.body,
      await clockToday(db),
      request.ip,
    );
    reply.code(created ? 201 : 200);
    return plan;
  });
}
