import pg from 'pg';
import postgres from 'postgres';

/**
 * The connections the hot statements (`compiledOnce`: the customer's poll, the session check) run on, on
 * PostgreSQL: postgres.js beside the pg pool Kysely uses for everything else. postgres.js spends a quarter less CPU
 * per answer than pg, which builds a result, a pool checkout and an idle timer per query and re-reads the row
 * description of every answer (docs/performance.md, "The poll at scale"). Statements are prepared once per connection, and
 * queries share a connection in a pipeline, so two connections carry the polls (db/database.ts).
 * Only whole statements that read run here, never in a transaction (a transaction is its own Kysely object and
 * keeps its statements on its pg connection).
 */
export class HotConnections {
  readonly #sql: postgres.Sql;

  constructor(url: string, connections: number) {
    this.#sql = postgres(url, {
      max: connections,
      connect_timeout: 5,
      // The pool's idle time: a quiet API holds no connection open.
      idle_timeout: 10,
      // The types are pg's (below), so the array types postgres.js would look up on connecting are not needed.
      fetch_types: false,
      types: pgParsedTypes(),
      onnotice: () => {},
    });
  }

  /** One statement with bound parameters, prepared on the connection it runs on the first time it runs there. */
  async query<R>(text: string, parameters: readonly unknown[]): Promise<R[]> {
    return (await this.#sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true })) as R[];
  }

  end(): Promise<void> {
    return this.#sql.end({ timeout: 5 });
  }
}

/**
 * pg's parsers for every type pg parses (bigints as strings, dates and timestamps as Dates, json, arrays), in
 * postgres.js's terms: a hot statement's row is the same whichever driver ran it, and the code that reads it
 * (written against pg through Kysely) needs no second set of rules. Parameters keep postgres.js's serializers.
 */
function pgParsedTypes(): Record<string, postgres.PostgresType> {
  const unparsed = pg.types.getTypeParser(25);
  const types: Record<string, postgres.PostgresType> = {};
  // PostgreSQL's built-in types are below 10,000 (user-defined ones start at 16,384, and pg parses none of those).
  for (let oid = 1; oid < 10_000; oid++) {
    const parse = pg.types.getTypeParser(oid, 'text');
    if (parse === unparsed) continue;
    types[`pg_${oid}`] = { to: oid, from: [oid], parse, serialize: undefined } as unknown as postgres.PostgresType;
  }
  return types;
}
