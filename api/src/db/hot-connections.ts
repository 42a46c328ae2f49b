import type postgres from 'postgres';

/**
 * The connections the hot statements (`compiledOnce`: the customer's poll, the session check) run on, on
 * PostgreSQL: two postgres.js connections of their own beside the pool Kysely uses for everything else, so a slow
 * statement elsewhere never holds up a poll. Statements are prepared once per connection, and queries share a
 * connection in a pipeline (db/database.ts). Only whole statements that read run here, never in a transaction
 * (a transaction is its own Kysely object and keeps its statements on its own connection).
 */
export class HotConnections {
  readonly #sql: postgres.Sql;

  constructor(sql: postgres.Sql) {
    this.#sql = sql;
  }

  /** One statement with bound parameters, prepared on the connection it runs on the first time it runs there. */
  async query<R>(text: string, parameters: readonly unknown[]): Promise<R[]> {
    return (await this.#sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], { prepare: true })) as R[];
  }

  end(): Promise<void> {
    return this.#sql.end({ timeout: 5 });
  }
}
