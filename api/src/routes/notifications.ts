import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { requireSession } from '../identity/auth';
import { inbox, markRead } from '../notifications';
import { route } from './route';

/** The notification inbox. Each route one call into the notifications room. */
export async function notificationRoutes(app: FastifyInstance, { database }: AppContext) {
  const db = database.db;
  route(app, endpoints.notificationsInbox, async (request) => inbox(db, requireSession(request).userId));
  route(app, endpoints.notificationsRead, async (request) =>
    markRead(db, requireSession(request).userId, request.body.ids),
  );
}
