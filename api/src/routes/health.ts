import { timingSafeEqual } from 'node:crypto';
import { endpoints } from '@credimo/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ping } from '../db/database';
import { ApiError } from '../errors';
import type { ApiMetrics } from '../metrics';
import { route } from './route';

export async function healthRoutes(
  app: FastifyInstance,
  { database, config, jobs, metrics }: AppContext & { metrics: ApiMetrics },
) {
  // Liveness: cheap, answered while the process can answer at all.
  route(app, endpoints.health, async () => {
    await ping(database.db);
    return { status: 'ok' as const, database: database.kind, version: config.version };
  });

  route(app, endpoints.readiness, async () => {
    const databaseUp = await ping(database.db).then(
      () => true,
      () => false,
    );
    if (!databaseUp) throw ApiError.request(503, 'No disponible: la base de datos no responde.');
    if (!(await jobs?.running())) throw ApiError.request(503, 'No disponible: la cola de trabajos no está en marcha.');
    return { status: 'ready' as const, database: 'ok' as const, jobs: 'ok' as const };
  });

  // Prometheus' text format, outside the JSON contract. Not public: the figures tell an outsider the business's
  // volume and the routes' timings.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAllowed(request, config.metricsToken)) throw ApiError.request(403, 'Acceso no permitido.');
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * With METRICS_TOKEN, only `Authorization: Bearer <token>`; without it (sandbox), only a client on this machine. The
 * socket's own address, not the forwarded one a client could write itself.
 */
function metricsAllowed(request: FastifyRequest, token: string | null): boolean {
  if (token === null) return LOOPBACK.has(request.socket.remoteAddress ?? '');
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
