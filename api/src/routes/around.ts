import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { logSinkFor, recordClientLog, UnknownFunnelStep } from '../client-log';
import type { AppContext } from '../context';
import { customerFeatures } from '../customer-flags';
import { ApiError } from '../errors';
import { requireSession } from '../identity/auth';
import { followShortLink } from '../short-links';
import { route } from './route';

/** Around the customer journey (SPEC sections 2, 6 and 7): short links, the app's log lines, customer flags. */
export async function aroundRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const db = database.db;
  const sink = logSinkFor(config.logDataSink, db, app.log);

  route(app, endpoints.shortLink, async (request, reply) => {
    const target = await followShortLink(db, request.params.hash, config.shortLinkOrigins);
    if (!target) throw ApiError.request(404, messages.routeNotFound);
    return reply.header('cache-control', 'no-store').redirect(target, 302) as never;
  });

  route(app, endpoints.sendLogData, async (request) => {
    try {
      await recordClientLog(sink, request.session?.userId ?? null, request.body);
    } catch (error) {
      if (error instanceof UnknownFunnelStep) throw ApiError.field(422, 'message', messages.incorrectData);
      throw error;
    }
    return { ok: true as const };
  });

  route(app, endpoints.userFeatures, async (request) =>
    customerFeatures(db, requireSession(request).userId, config.customerFlagDefaults),
  );
}
