import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { type ApiConfig, readConfig } from '../src/config.js';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { smsProviderFor } from '../src/providers/index.js';

/**
 * Every test file gets its own empty database: an in-memory PGlite by default, or a fresh database on
 * the PostgreSQL server of DATABASE_URL (dropped afterwards), so the same tests prove both.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPglite('memory://');
  const name = `credimo_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

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
  await migrateToLatest(database.db);
  const config = { ...readConfig({ ...options.env }), port: 0 };
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
      await app.close();
      await database.close();
    },
  };
}
