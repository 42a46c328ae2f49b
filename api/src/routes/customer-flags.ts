import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { customerFeatures } from '../customer-flags';
import { requireSession } from '../identity/auth';
import { route } from './route';

/** The signed-in customer's feature flags, their own or the configured defaults. */
export async function customerFlagRoutes(app: FastifyInstance, { database, config }: AppContext) {
  route(app, endpoints.userFeatures, async (request) =>
    customerFeatures(database.db, requireSession(request).userId, config.customerFlagDefaults),
  );
}
