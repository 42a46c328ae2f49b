import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { followShortLink } from '../short-links';
import { route } from './route';

/** A short link `/s/{hash}` sends the browser on to its allow-listed target. */
export async function shortLinkRoutes(app: FastifyInstance, { database, config }: AppContext) {
  route(app, endpoints.shortLink, async (request, reply) => {
    const target = await followShortLink(database.db, request.params.hash, config.shortLinkOrigins);
    if (!target) throw ApiError.request(404, messages.routeNotFound);
    return reply.header('cache-control', 'no-store').redirect(target, 302) as never;
  });
}
