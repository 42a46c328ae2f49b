import { endpoints } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { logSinkFor, recordClientLog, UnknownFunnelStep } from '../client-log';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { route } from './route';

/** The app's log lines and funnel events, to the configured sink. */
export async function clientLogRoutes(app: FastifyInstance, { database, config }: AppContext) {
  const sink = logSinkFor(config.logDataSink, database.db, app.log);
  route(app, endpoints.sendLogData, async (request) => {
    try {
      await recordClientLog(sink, request.session?.userId ?? null, request.body);
    } catch (error) {
      if (error instanceof UnknownFunnelStep) throw ApiError.field(422, 'message', messages.incorrectData);
      throw error;
    }
    return { ok: true as const };
  });
}
