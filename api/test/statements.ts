import pg from 'pg';
import { HotConnections } from '../src/db/hot-connections.js';
import { PreparingPGlite } from '../src/db/prepared.js';

/**
 * Every statement the API sends passes through one of these (on PostgreSQL a client of Kysely's pg pool or, for the
 * hot statements, the hot connections; else PGlite).
 */
const patched = [PreparingPGlite.prototype, pg.Client.prototype, HotConnections.prototype] as unknown as Array<{
  query: (text: unknown, ...rest: unknown[]) => unknown;
}>;

/** The SQL statements the API sends while `work` runs, those `keep` accepts. */
export async function statementsOf(work: () => Promise<unknown>, keep: (sql: string) => boolean): Promise<string[]> {
  const seen: string[] = [];
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
    patched.forEach((proto, i) => {
      proto.query = originals[i] as typeof proto.query;
    });
  }
  return seen;
}
