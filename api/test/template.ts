import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { type DatabaseHandle, openPostgres, pgliteStartParams } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { PreparingPGlite } from '../src/db/prepared.js';
import type { Database } from '../src/db/schema.js';
import { JobQueue } from '../src/queue/job-queue.js';

/**
 * A migrated database made once per test run, which every test file copies instead of migrating its own.
 * The runner (`test/run.ts`) makes it and names it in these variables; a file run on its own, without them,
 * migrates a fresh database as before.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'CREDIMO_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'CREDIMO_TEST_POSTGRES_TEMPLATE';

/**
 * Every PGlite a test opens, or a process a test starts, uses a small buffer pool: PGlite zeroes its pool on
 * every start, and 128MB of it was most of the CPU of opening a test database. The runner hands it to the
 * processes tests start as PGLITE_SHARED_BUFFERS.
 */
export const TEST_SHARED_BUFFERS = '16MB';
export const TEST_PGLITE = { sharedBuffers: TEST_SHARED_BUFFERS } as const;

/** Whether this run made a template: a database copied from it is migrated already. */
export const runMadeTemplate = (): boolean =>
  Boolean(process.env[PGLITE_TEMPLATE_VARIABLE] || process.env[POSTGRES_TEMPLATE_VARIABLE]);

/**
 * What a database holds once an API has started on it: every migration, and the job queue's schema with its
 * queues (pg-boss makes those when it starts: a script and a statement per queue that each test API would repeat).
 */
async function startedOnce(database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  const queue = new JobQueue(database);
  await queue.start();
  await queue.stop();
}

/**
 * What the tests' template leaves out, so that every copy of it is a third of the size: the tar is unpacked for
 * every test database, its files copied for every process a test starts, and each of its files costs as much again
 * as its bytes. The unused WAL that PostgreSQL keeps ahead (16MB segments by default, 1MB here) and the two
 * databases that only `create database` reads, which nothing does on PGlite: the tests' databases are copies.
 */
const SMALL_WAL_SEGMENTS = ['--wal-segsize=1'];
const UNUSED_DATABASES = ['template0', 'template1'];

async function leaveOutWhatNoCopyReads(client: PGlite, dataFolder: string): Promise<void> {
  for (const name of UNUSED_DATABASES) {
    await client.exec(`alter database ${name} is_template false`);
    await client.exec(`drop database ${name}`);
  }
  // Written out first, so that every copy starts without replaying the migrations from the WAL.
  await client.exec('checkpoint');
  const current = await client.query<{ segment: string }>('select pg_walfile_name(pg_current_wal_lsn()) as segment');
  const inUse = current.rows[0]?.segment ?? '';
  // Segments after the one being written are empty ones kept ready; PostgreSQL makes them again when it needs them.
  for (const file of readdirSync(path.join(dataFolder, 'pg_wal'))) {
    if (/^[0-9A-F]{24}$/.test(file) && file > inUse) unlinkSync(path.join(dataFolder, 'pg_wal', file));
  }
}

/**
 * Makes a PGlite data folder in `folder/data` as an API leaves it (`startedOnce`) and writes it also as an
 * uncompressed tar, `folder/data.tar`: the tar starts in-memory databases (`loadDataDir`), the folder is copied for
 * the processes tests start.
 */
export async function writePgliteTemplate(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const dataFolder = path.join(folder, 'data');
  const client = new PreparingPGlite(dataFolder, {
    initDbStartParams: SMALL_WAL_SEGMENTS,
    startParams: pgliteStartParams(TEST_SHARED_BUFFERS),
  });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await startedOnce({
      db,
      kind: 'pglite',
      close: async () => {},
      script: async (text) => void (await client.exec(text)),
    });
    await leaveOutWhatNoCopyReads(client, dataFolder);
    const dump = await client.dumpDataDir('none');
    writeFileSync(path.join(folder, 'data.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
    if (!client.closed) await client.close();
  }
}

/**
 * A tar read once into memory, which PGlite reads back as a Blob. Node's own Blob hands its bytes over in chunks
 * that are then joined: for a tar of tens of MB that took most of a second on every test database. The same bytes
 * serve every database: PGlite copies each file out of the tar and never writes to it.
 */
class TarInMemory extends Blob {
  readonly #tar: ArrayBuffer;

  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar.slice().buffer as ArrayBuffer;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#tar);
  }
}

let templateTar: Blob | undefined;

/** The template's data folder as a tar, for `openPglite('memory://', { loadDataDir })`; undefined when the run made none. */
export function pgliteTemplate(): Blob | undefined {
  const folder = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!folder) return undefined;
  templateTar ??= new TarInMemory(new Uint8Array(readFileSync(path.join(folder, 'data.tar'))));
  return templateTar;
}

/**
 * Fills an empty PGlite data folder with a copy of the run's migrated template, so that what opens it (an API
 * process, `npm run ops`, the test itself) neither runs initdb nor migrates: several seconds of CPU each on this
 * machine. Without the runner the folder stays empty and is made as `npm start` makes it.
 */
export function seedPgliteFolder(folder: string): string {
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (template) cpSync(path.join(template, 'data'), folder, { recursive: true });
  return folder;
}

/**
 * For a describe block whose databases are PGlite folders in every run (the processes it starts are given one,
 * whatever DATABASE_URL says): the PGlite run runs it, and the PostgreSQL run, which would run the same code on
 * the same kind of database again, skips it, saying so.
 */
export const ON_PGLITE_FOLDERS = {
  skip: Boolean(process.env.DATABASE_URL) && 'PGlite folders whatever the run: the PGlite run covers it',
} as const;

/** A new temporary PGlite data folder, seeded from the run's template (`seedPgliteFolder`). */
export const pgliteFolder = (name: string): string =>
  seedPgliteFolder(mkdtempSync(path.join(os.tmpdir(), `credimo-${name}-`)));

const adminClient = async (serverUrl: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  return client;
};

export const databaseUrlFor = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates and migrates a database on the server that test files create theirs from (`create database … template`). */
export async function createPostgresTemplate(serverUrl: string, name: string): Promise<void> {
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(databaseUrlFor(serverUrl, name), 1);
  try {
    await startedOnce(database);
  } finally {
    await database.close();
  }
}

export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A new database on the server: a copy of the run's template when there is one, else empty. */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  const admin = await adminClient(serverUrl);
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
}
