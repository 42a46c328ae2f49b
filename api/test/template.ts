import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
 * Makes a PGlite data folder in `folder/data` as an API leaves it (`startedOnce`) and writes it also as an
 * uncompressed tar, `folder/data.tar`: the tar starts in-memory databases (`loadDataDir`), the folder is copied for
 * the processes tests start.
 */
export async function writePgliteTemplate(folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  const client = new PreparingPGlite(path.join(folder, 'data'), {
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
    // Written out first, so that every copy starts without replaying the migrations from the WAL.
    await client.exec('checkpoint');
    const dump = await client.dumpDataDir('none');
    writeFileSync(path.join(folder, 'data.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
    if (!client.closed) await client.close();
  }
}

/**
 * A tar read once into memory, which PGlite reads back as a Blob. Node's own Blob hands its bytes over in chunks
 * that are then joined: for the template's 45 MB that took most of a second on every test database.
 */
class TarInMemory extends Blob {
  readonly #tar: Uint8Array;

  constructor(tar: Uint8Array) {
    super([]);
    this.#tar = tar;
  }

  // A copy: what PGlite reads must not change the template every later database starts from.
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#tar.slice().buffer as ArrayBuffer);
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
