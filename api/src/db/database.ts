import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import postgres from 'postgres';
import { HotConnections } from './hot-connections';
import { FolderLockedError, lockFolder } from './lock';
import { PreparingPGlite, runHotStatementsOn } from './prepared';
import { pgParsedTypes } from './row-types';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgresql';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** Runs a multi-statement SQL script without parameters (the job queue's schema); PGlite needs its own call. */
  script?: (text: string) => Promise<void>;
  /**
   * PGlite only: its data folder as a gzipped tar, taken with no other query in between; `first` reads on the same
   * held connection just before, so what it reads matches the copy.
   */
  dumpDataDir?: <T>(first: (db: Kysely<Database>) => Promise<T>) => Promise<{ dump: Blob; first: T }>;
}

/** One clear line for an operator, never a stack trace (issue: DATABASE_URL pointing at no server). */
export class DatabaseUnavailableError extends Error {}

/** Hides the password of a connection string for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/**
 * The hot statements' connections (postgres.js, db/hot-connections.ts): the rows typed as pg types them, so a
 * row reads the same whichever client ran it.
 */
const hotConnectionOptions = (max: number): postgres.Options<Record<string, postgres.PostgresType>> => ({
  max,
  connect_timeout: 5,
  // The pool's idle time: a quiet API holds no connection open.
  idle_timeout: 10,
  // The array types are looked up on connecting, so an array parameter (a batch of keys) is sent as one.
  fetch_types: true,
  types: pgParsedTypes(),
  onnotice: () => {},
  // An absent value is SQL's null, as pg sends it.
  transform: { undefined: null },
});

/**
 * Kysely's pool is node-postgres's: every statement outside the hot ones and every transaction takes a client
 * from it. (postgres.js's `reserve()`, which its Kysely dialect takes a connection with, loses a waiting caller
 * for good when the server ends the connection it waited for: porsager/postgres#1195, test/postgres-pool.test.ts.)
 */
function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    // A quiet API holds no connection open.
    idleTimeoutMillis: 10_000,
  });
  // A client errors when the server ends its connection. Idle, the pool drops it; checked out, its statement (or
  // the next) fails with the error and the pool drops it on release. Either way the error is answered there, and
  // an 'error' event nobody listens to would end the process.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = openPool(url, poolSize);
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new DatabaseUnavailableError(`cannot reach PostgreSQL at ${redactUrl(url)} (${reason}); check DATABASE_URL`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Two: queries share a connection in a pipeline, and fewer connections send more queries per write (one is
  // fastest in bench:api), but two keep a slower statement (an answer being assembled) from holding up every poll.
  const hot = new HotConnections(postgres(url, hotConnectionOptions(Math.min(2, poolSize))));
  runHotStatementsOn(db, hot);
  return {
    db,
    kind: 'postgresql',
    close: async () => {
      await hot.end();
      // Kysely ends the pool, which waits for every client out to come back; bounded, so a statement still
      // running (a job fetch caught by the stop) cannot hold the close for ever.
      await Promise.race([db.destroy(), sleep(5_000, undefined, { ref: false })]);
    },
  };
}

/**
 * The embedded default: PostgreSQL in WASM, persisted in a folder (or in memory with `memory://`).
 * The folder is locked for this process until close or exit: PGlite has one owner.
 */
export interface PgliteOptions {
  /** A dumped data folder (a migrated template) to start from, in memory. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL's buffer pool (`16MB`); PGlite's own default is 128MB. The pool is allocated and zeroed on every
   * start, which is most of a start's CPU: a small database, as in tests, starts several times cheaper on a small one.
   */
  sharedBuffers?: string | null;
}

/** What PGlite starts PostgreSQL with: its own parameters, and a smaller buffer pool when one is asked for. */
export const pgliteStartParams = (sharedBuffers?: string | null): string[] | undefined =>
  sharedBuffers ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`] : undefined;

export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  let lock: ReturnType<typeof lockFolder> | null = null;
  try {
    lock = inMemory ? null : lockFolder(dataDir);
  } catch (error) {
    if (error instanceof FolderLockedError) throw new DatabaseUnavailableError(error.message);
    throw error;
  }
  let client: PGlite;
  try {
    // A dumped data folder (a migrated template) starts in memory without running initdb or the migrations again.
    const startParams = pgliteStartParams(options.sharedBuffers);
    const load = {
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(startParams ? { startParams } : {}),
    };
    client = inMemory ? new PreparingPGlite(load) : new PreparingPGlite(dataDir, load);
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
    // Holding a Kysely connection serialises the script with every other query on the one PGlite session.
    script: (text) => db.connection().execute(async () => void (await client.exec(text))),
    dumpDataDir: (first) =>
      db.connection().execute(async (connection) => {
        const read = await first(connection);
        // Written out first, so the copy's data files are current and its start replays little.
        await client.exec('checkpoint');
        return { dump: await client.dumpDataDir('gzip'), first: read };
      }),
    close: async () => {
      try {
        await db.destroy();
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  pgliteSharedBuffers?: string | null;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.dataDir, { sharedBuffers: options.pgliteSharedBuffers });
}

export async function ping(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
