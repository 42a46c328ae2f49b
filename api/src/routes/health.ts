import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ping } from '../db/database';
import { route } from './route';

export async function healthRoutes(app: FastifyInstance, { database, config }: AppContext) {
  route(app, endpoints.health, async () => {
    await ping(database.db);
    return { status: 'ok' as const, database: database.kind, version: config.version };
  });
}
