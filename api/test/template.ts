import { readFileSync, writeFileSync } from 'node:fs';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { migrateToLatest } from '../src/db/migrate.js';
import { PreparingPGlite } from '../src/db/prepared.js';

/**
 * A migrated database made once per test run, which every test file copies instead of migrating its own.
 * The runner (`test/run.ts`) makes it and names it in these variables; a file run on its own, without them,
 * migrates a fresh database as before.
 */
export const PGLITE_TEMPLATE_VARIABLE = 'CREDIMO_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_VARIABLE = 'CREDIMO_TEST_POSTGRES_TEMPLATE';

/** Migrates an in-memory PGlite and writes its data folder as an uncompressed tar. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const client = new PreparingPGlite();
  await client.waitReady;
  const db = new Kysely<unknown>({ dialect: new PGliteDialect(client) });
  await migrateToLatest(db);
  const dump = await client.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  if (!client.closed) await client.close();
}

/** The template's data folder, for `openPglite(…, { loadDataDir })`; undefined when the run made none. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_VARIABLE];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

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
  const migrator = new pg.Pool({ connectionString: databaseUrlFor(serverUrl, name), max: 1 });
  const { PostgresDialect } = await import('kysely');
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: migrator }) });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
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
