import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type ApiConfig, readConfig } from '../src/config.js';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { smsProviderFor } from '../src/providers/index.js';
import {
  createPostgresDatabase,
  databaseUrlFor,
  dropPostgresDatabase,
  pgliteTemplate,
  runMadeTemplate,
  TEST_PGLITE,
} from './template.js';

/**
 * Every test file gets its own migrated database: an in-memory PGlite by default, or a new database on the
 * PostgreSQL server of DATABASE_URL (dropped afterwards), so the same tests prove both. Under the runner each
 * starts as a copy of the run's template, which is migrated already; a file run on its own migrates its own.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const handle = await newDatabase();
  if (!runMadeTemplate()) await migrateToLatest(handle.db);
  return handle;
}

async function newDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPglite('memory://', { ...TEST_PGLITE, loadDataDir: pgliteTemplate() });
  const name = `credimo_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await createPostgresDatabase(serverUrl, name);
  const handle = await openPostgres(databaseUrlFor(serverUrl, name), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropPostgresDatabase(serverUrl, name);
    },
  };
}

/** A lender's legal identity as an operator configures it (production starts only with one). */
export const LENDER_ENV = {
  LENDER_NAME: 'Préstamos Ejemplares, S.A.',
  LENDER_CIF: 'A28000032',
  LENDER_ADDRESS: 'Paseo de la Castellana 100, 28046 Madrid',
  LENDER_REGISTRY: 'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
  LENDER_PHONE: '+34 910 000 001',
  LENDER_EMAIL: 'clientes@ejemplares.es',
};

export interface TestApi {
  app: FastifyInstance;
  baseUrl: string;
  database: DatabaseHandle;
  config: ApiConfig;
  request: (
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<{
    status: number;
    headers: Headers;
    // biome-ignore lint/suspicious/noExplicitAny: tests read the JSON they assert on
    body: any;
  }>;
  close: () => Promise<void>;
}

export async function startTestApi(
  options: { configure?: (app: FastifyInstance) => void; env?: NodeJS.ProcessEnv; workers?: boolean } = {},
): Promise<TestApi> {
  const database = await freshDatabase();
  // The sandbox's scoring decides after a second here rather than two: long enough to see a loan waiting,
  // short enough that the journeys do not sit idle. Its bank settles at once; the payout tests that race it give
  // it back its two seconds.
  const config = {
    ...readConfig({ SANDBOX_DECISION_DELAY_SECONDS: '1', SANDBOX_PAYOUT_DELAY_SECONDS: '0', ...options.env }),
    port: 0,
  };
  const app = await buildApp(
    { config, database, sms: smsProviderFor(config, database.db) },
    {
      logger: false,
      workers: options.workers,
    },
  );
  options.configure?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    baseUrl,
    database,
    config,
    async request(method, path, init = {}) {
      const hasBody = init.body !== undefined;
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: hasBody ? (typeof init.body === 'string' ? init.body : JSON.stringify(init.body)) : undefined,
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: response.status, headers: response.headers, body };
    },
    async close() {
      // A close that never ends holds its worker until the runner's 15-minute limit: say what it waits on.
      let step = 'the app (its open requests and the job queue)';
      const started = Date.now();
      const report = () =>
        app.server.getConnections((_, open) =>
          console.error(
            `# a test API's close has waited ${Math.round((Date.now() - started) / 1000)} s on ${step}: ` +
              `${open} open connections; ${summarise(process.getActiveResourcesInfo())}`,
          ),
        );
      const firstReport = setTimeout(report, 10_000);
      const waiting = setInterval(report, 60_000);
      firstReport.unref();
      waiting.unref();
      try {
        await app.close();
        step = 'its database';
        await database.close();
      } finally {
        clearTimeout(firstReport);
        clearInterval(waiting);
      }
    },
  };
}

/** `Timeout x3, TCPSocketWrap x2`: what keeps a process's loop busy, counted by kind. */
function summarise(resources: string[]): string {
  const counts = new Map<string, number>();
  for (const kind of resources) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${kind} x${count}`).join(', ');
}
