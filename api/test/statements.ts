import type { CompiledQuery, DatabaseConnection } from 'kysely';
import { PostgresJSDriver } from 'kysely-postgres-js';
import { HotConnections } from '../src/db/hot-connections.js';
import { PreparingPGlite } from '../src/db/prepared.js';

/**
 * Every statement the API sends passes through one of these (on PostgreSQL a connection of Kysely's driver or, for
 * the hot statements, the hot connections; else PGlite).
 */
const patched = [PreparingPGlite.prototype, HotConnections.prototype] as unknown as Array<{
  query: (text: unknown, ...rest: unknown[]) => unknown;
}>;

/** Where Kysely's PostgreSQL connections report their statements while a `statementsOf` runs. */
let reportTo: ((sql: string) => void) | null = null;
const watched = new WeakSet<DatabaseConnection>();
const acquire = PostgresJSDriver.prototype.acquireConnection;
PostgresJSDriver.prototype.acquireConnection = async function (this: PostgresJSDriver) {
  const connection = await acquire.call(this);
  if (!watched.has(connection)) {
    watched.add(connection);
    const execute = connection.executeQuery.bind(connection);
    connection.executeQuery = <R>(query: CompiledQuery) => {
      reportTo?.(query.sql);
      return execute<R>(query);
    };
  }
  return connection;
};

/** The SQL statements the API sends while `work` runs, those `keep` accepts. */
export async function statementsOf(work: () => Promise<unknown>, keep: (sql: string) => boolean): Promise<string[]> {
  const seen: string[] = [];
  reportTo = (sql) => {
    if (keep(sql)) seen.push(sql);
  };
  const originals = patched.map((proto) => proto.query);
  patched.forEach((proto, i) => {
    const original = originals[i] as (text: unknown, ...rest: unknown[]) => unknown;
    proto.query = function (this: unknown, text: unknown, ...rest: unknown[]) {
      const sqlText = typeof text === 'string' ? text : (text as { text?: string })?.text;
      if (sqlText && keep(sqlText)) seen.push(sqlText);
      return original.call(this, text, ...rest);
    };
  });
  try {
    await work();
  } finally {
    reportTo = null;
    patched.forEach((proto, i) => {
      proto.query = originals[i] as typeof proto.query;
    });
  }
  return seen;
}
