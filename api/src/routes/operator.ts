import { endpoints, OPERATOR_SECRET_HEADER } from '@credimo/shared/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { runAuthorizedCommand } from '../ops/run';
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
}
