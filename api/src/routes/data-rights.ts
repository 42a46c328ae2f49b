import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import {
  consentHistory,
  eraseCustomer,
  exportFile,
  exportView,
  requestExport,
  withdrawMarketing,
} from '../data-rights';
import { requireSession } from '../identity/auth';
import { route } from './route';

/** The customer's data rights: their export, their consents, their erasure. Each route one call into the room. */
export async function dataRightsRoutes(app: FastifyInstance, { database, jobs, config }: AppContext) {
  const db = database.db;
  if (!jobs) throw new Error('data-rights routes need the job queue');
  route(app, endpoints.dataExport, async (request) => exportView(db, requireSession(request).userId));
  route(app, endpoints.requestDataExport, async (request) =>
    requestExport(db, jobs, requireSession(request).userId, config.dataRights.exportDays),
  );
  route(
    app,
    endpoints.dataExportFile,
    async (request, reply) => {
      const file = await exportFile(db, requireSession(request).userId, request.params.format);
      reply
        .header('content-type', file.type)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${file.name}"`);
      return reply.send(file.body) as never;
    },
    { config: { limit: 'expensive' } },
  );
  route(app, endpoints.consentHistory, async (request) => consentHistory(db, requireSession(request).userId));
  route(app, endpoints.withdrawMarketing, async (request) =>
    withdrawMarketing(db, requireSession(request).userId, request.ip),
  );
  route(app, endpoints.erasure, async (request) =>
    eraseCustomer(db, requireSession(request).userId, request.ip, config.dataRights.retentionYears),
  );
}
