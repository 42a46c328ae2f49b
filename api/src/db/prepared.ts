import { createHash, randomUUID } from 'node:crypto';
import {
  type messages,
  type ParserOptions,
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  types,
} from '@electric-sql/pglite';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { HotConnections } from './hot-connections';

/**
 * Hot statements (the customer's poll, the session check) are parsed and planned once per connection instead of
 * on every call: on PostgreSQL on HotConnections (postgres.js prepares them; one given a transaction would run
 * unprepared on the transaction's own connection); on PGlite every statement with parameters is a named prepared
 * statement (PreparingPGlite below). Planning GET /v2/user's one statement costs several times what running it
 * does, on both databases. Behind PgBouncer in transaction mode this needs its `max_prepared_statements` (1.21+).
 */
const nameOf = (text: string) => `k_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * A hot statement with one varying argument, built and compiled once per database: Kysely builds and compiles
 * on every call (for GET /v2/user's statement, longer than the database takes to run it), so later calls
 * only put their argument in place. On PostgreSQL it runs on HotConnections, on PGlite as a named prepared
 * statement.
 */
export function compiledOnce<DB, R>(build: (db: Kysely<DB>, argument: string) => Compilable<R>) {
  const placeholder = `arg:${randomUUID()}`;
  const compiledFor = new WeakMap<Kysely<DB>, CompiledQuery<R>>();
  return async (db: Kysely<DB>, argument: string): Promise<R[]> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, placeholder).compile();
      if (compiled.parameters.filter((value) => value === placeholder).length !== 1) {
        throw new Error('compiledOnce: the argument must appear exactly once among the parameters');
      }
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value === placeholder ? argument : value));
    const hot = hotConnections.get(db);
    if (hot) return hot.query<R>(compiled.sql, parameters);
    return (await db.executeQuery<R>({ ...compiled, parameters })).rows;
  };
}

/**
 * The hot connections beside Kysely instances on PostgreSQL (openPostgres). A transaction is another object (not
 * here), so its statements keep to its connection; and PGlite is never here, since its one connection is shared
 * and only Kysely's lock keeps a statement out of another's transaction.
 */
const hotConnections = new WeakMap<object, HotConnections>();

export function runHotStatementsOn(db: object, connections: HotConnections): void {
  hotConnections.set(db, connections);
}

const { serialize } = protocol;

function concatenated(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Statements named on one PGlite at most: past it a new text runs unnamed, so texts built from lists of varying length cannot fill the session. */
export const MAX_NAMED_STATEMENTS = 2_000;

interface Named {
  name: string;
  /** The parameters' types, as PostgreSQL inferred them when it parsed the statement. */
  types: number[];
}

/**
 * PGlite whose statements with parameters are named prepared statements, parsed and planned once per database.
 * PGlite's own `query` sends an unnamed Parse on every call, and PostgreSQL then parses and plans the statement
 * anew: in WebAssembly that costs as much as running most of the API's statements (the poll's, about 10 ms). SQL-level
 * `EXECUTE name($1)` cannot take bound parameters (Bind sends them to the unnamed EXECUTE, which has none), so this
 * speaks the wire protocol PGlite exposes: Parse with a name once (and Describe, for the parameters' types), then per
 * call one Bind, Describe, Execute, Sync in a single pass, under PGlite's query lock like its own `query`. Values
 * still travel as bound parameters, never in the SQL text. Statements without parameters (BEGIN, scripts) run as
 * PGlite runs them.
 */
export class PreparingPGlite extends PGlite {
  readonly #named = new Map<string, Named>();

  // biome-ignore lint/suspicious/noExplicitAny: PGlite's signature
  override query<T>(text: string, params?: any[], options?: QueryOptions): Promise<Results<T>> {
    const known = this.#named.has(text);
    if (!params?.length || options || (!known && this.#named.size >= MAX_NAMED_STATEMENTS)) {
      return super.query<T>(text, params, options);
    }
    return this.#runNamed<T>(text, params);
  }

  async #runNamed<T>(text: string, params: unknown[]): Promise<Results<T>> {
    // As PGlite's own query does: a statement sent before the database is up waits for it.
    await this.waitReady;
    return this.runExclusive(async () => {
      try {
        return await this.#executeNamed<T>(text, params);
      } catch (error) {
        // A table the statement reads changed shape since it was planned (DDL while the API runs): plan it again.
        if (!/cached plan must not change result type/.test(String(error))) throw error;
        await this.#forget(text);
        return this.#executeNamed<T>(text, params);
      }
    });
  }

  async #prepared(text: string): Promise<Named> {
    const known = this.#named.get(text);
    if (known) return known;
    const name = nameOf(text);
    const prepared = await this.execProtocolStream(
      concatenated([
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const description = prepared.find((message) => message.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const named = { name, types: description?.dataTypeIDs ?? [] };
    this.#named.set(text, named);
    return named;
  }

  async #forget(text: string): Promise<void> {
    const named = this.#named.get(text);
    if (!named) return;
    this.#named.delete(text);
    await this.execProtocolStream(concatenated([serialize.close({ type: 'S', name: named.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }

  async #executeNamed<T>(text: string, params: unknown[]): Promise<Results<T>> {
    const { name, types } = await this.#prepared(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.serializers[types[i] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const answer = await this.execProtocolStream(
      concatenated([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // The statement may write: persist like PGlite's own query does.
    await this.syncToFs();
    return resultOf<T>(answer, this.parsers);
  }
}

/**
 * The rows of one statement's answer, as PGlite's own parse makes them. Its `parseResults` copies the whole table of
 * type parsers (over 300) on every call, a quarter of a simple statement's time; this reads the parsers in place.
 */
function resultOf<T>(answer: readonly { name: string }[], parsers: ParserOptions): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  for (const message of answer) {
    if (message.name === 'rowDescription') {
      const description = message as messages.RowDescriptionMessage;
      fields = description.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    } else if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      (message as messages.DataRowMessage).fields.forEach((value, i) => {
        const field = fields[i] as { name: string; dataTypeID: number };
        row[field.name] = types.parseType(value, field.dataTypeID, parsers);
      });
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      const tag = (message as messages.CommandCompleteMessage).text;
      return { rows: rows as T[], fields, affectedRows: affectedRowsOf(tag) };
    }
  }
  return { rows: [], fields: [], affectedRows: 0 };
}

/** The count PostgreSQL's command tag gives ("INSERT 0 3", "UPDATE 2"); 0 for the others, as PGlite counts. */
function affectedRowsOf(tag: string): number {
  const [command, first, second] = tag.split(' ');
  if (command === 'INSERT') return Number.parseInt(second ?? '0', 10);
  if (command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE') {
    return Number.parseInt(first ?? '0', 10);
  }
  return 0;
}
