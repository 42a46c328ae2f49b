import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ping } from '../db/database';

export async function healthRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const { health } = endpoints;
  app.route({
    method: health.method,
    url: health.path,
    schema: { summary: health.summary, tags: ['platform'], response: { 200: health.response } },
    handler: async () => {
      await ping(database.db);
      return { status: 'ok' as const, database: database.kind, version: config.version };
    },
  });
}
