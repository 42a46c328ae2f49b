import { endpoints, OPERATOR_SECRET_HEADER } from '@credimo/shared/contract';
import { messages } from '@credimo/shared/i18n';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { audit } from '../identity/audit';
import { runAuthorizedCommand } from '../ops/run';
import { operatorSecretMatches } from '../ops/secret';
import { BACKUP_PATH, pgliteSnapshot, snapshotBody } from '../ops/snapshot';
import { route } from './route';

/** `npm run ops` talks to the running API here: on PGlite the API is the database's one owner. */
export async function operatorRoutes(app: FastifyInstance, { database, config }: AppContext) {
  route(app, endpoints.operatorCommand, async (request) => {
    const secret = request.headers[OPERATOR_SECRET_HEADER];
    return runAuthorizedCommand({ db: database.db, config }, typeof secret === 'string' ? secret : undefined, {
      ...request.body,
      address: request.ip,
    });
  });

  // `npm run ops -- backup`: a copy of the PGlite folder, which only its owner can take. Binary, outside the contract.
  app.post(BACKUP_PATH, { schema: { hide: true } }, async (request, reply) => {
    const secret = request.headers[OPERATOR_SECRET_HEADER];
    if (!operatorSecretMatches(config.operator, typeof secret === 'string' ? secret : undefined)) {
      throw ApiError.request(401, messages.operatorUnauthorized);
    }
    if (!database.dumpDataDir) {
      throw ApiError.request(409, 'on PostgreSQL the backup is pg_dump: run npm run ops -- backup with DATABASE_URL');
    }
    const { head, dump } = await pgliteSnapshot(database);
    const operator = request.headers['x-operator-name'];
    await audit(database.db, {
      actor: `operator:${typeof operator === 'string' && operator ? operator : 'unknown'}`,
      subject: null,
      action: 'ops backup',
      address: request.ip,
      detail: { documents: head.documents.length, bytes: dump.length },
    });
    reply.header('content-type', 'application/octet-stream');
    reply.header('cache-control', 'no-store');
    return snapshotBody(head, dump);
  });
}
