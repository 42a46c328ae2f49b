import { spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { ApiConfig } from '../config';
import { openPglite, pgliteStartParams, redactUrl } from '../db/database';
import { FolderLockedError, LOCK_FILE, lockFolder } from '../db/lock';
import { documentFile } from '../providers/document-storage';
import { operatorSecret } from './secret';
import { BACKUP_PATH, pgliteSnapshot, readSnapshotBody } from './snapshot';

/**
 * `npm run ops -- backup DIR` and `restore DIR [--force]`. A backup folder holds the database (PGlite's own dump of
 * its folder, or pg_dump's custom format), the document images its rows name, and manifest.json, written last:
 * a folder without it is an unfinished backup and restore refuses it.
 */
export const BACKUP_USAGE = [
  '  npm run ops -- backup <dir>  (a new folder: the database and the document images)',
  '  npm run ops -- restore <dir> [--force]  (--force replaces a database that holds customers)',
].join('\n');

/** A problem the operator can fix: one line, exit 1. */
export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const DOCUMENTS = 'documents';
const FILES = { pglite: 'pglite.tar.gz', postgresql: 'postgresql.dump' } as const;

export interface BackupManifest {
  format: 'credimo-backup/1';
  database: keyof typeof FILES;
  file: string;
  createdAt: string;
  documents: string[];
}

const kindOf = (config: ApiConfig): keyof typeof FILES => (config.databaseUrl ? 'postgresql' : 'pglite');

export async function backup(config: ApiConfig, dir: string | undefined, operator: string): Promise<string[]> {
  if (!dir) throw new BackupError('usage: npm run ops -- backup <dir>');
  const target = path.resolve(dir);
  const present = await readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new BackupError(`${target} is not a folder a backup can go into (${error.code})`);
  });
  if (present && present.length > 0) throw new BackupError(`${target} is not empty: a backup goes into a new folder`);
  await mkdir(target, { recursive: true, mode: 0o700 });
  try {
    return await takeBackup(config, target, operator);
  } catch (error) {
    // Nothing half-written stays behind: the folder is as it was, ready for the next attempt.
    await rm(target, { recursive: true, force: true });
    if (present) await mkdir(target, { mode: 0o700 });
    throw error;
  }
}

async function takeBackup(config: ApiConfig, target: string, operator: string): Promise<string[]> {
  const kind = kindOf(config);
  const file = path.join(target, FILES[kind]);
  let documents: string[];
  let how: string;
  if (config.databaseUrl) {
    documents = await pgDump(config.databaseUrl, file);
    how = 'pg_dump';
  } else {
    const fromApi = await snapshotFromApi(config, operator);
    const snapshot = fromApi ?? (await snapshotOfFolder(config.dataDir, config.pgliteSharedBuffers));
    await writeFile(file, snapshot.dump, { mode: 0o600 });
    documents = snapshot.head.documents;
    how = fromApi ? `through the API at ${config.operator.apiUrl}` : `from ${config.dataDir} (no API running)`;
  }
  await copyDocuments(config.documentsDir, path.join(target, DOCUMENTS), documents, 'backup');
  const manifest: BackupManifest = {
    format: 'credimo-backup/1',
    database: kind,
    file: FILES[kind],
    createdAt: new Date().toISOString(),
    documents,
  };
  await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const { size } = await stat(file);
  return [`backup in ${target}: ${kind} database (${size} bytes, ${how}), ${documents.length} documents`];
}

/** PGlite: the running API's copy, or null when no API answers (the command then copies the folder itself). */
async function snapshotFromApi(config: ApiConfig, operator: string) {
  const secret = operatorSecret(config.operator);
  let response: Response;
  try {
    response = await fetch(`${config.operator.apiUrl}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { ...(secret ? { 'x-operator-secret': secret } : {}), 'x-operator-name': operator },
      signal: AbortSignal.timeout(10 * 60_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return null;
    throw new BackupError(`cannot reach the API at ${config.operator.apiUrl} (${code ?? (error as Error).message})`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status === 401) {
    throw new BackupError(
      `the API at ${config.operator.apiUrl} refused the operator secret; give this command the API's OPERATOR_SECRET`,
    );
  }
  if (!response.ok) {
    const message = (JSON.parse(body.toString('utf8') || '{}') as { errors?: { message: string }[] }).errors?.[0];
    throw new BackupError(message?.message ?? `the API at ${config.operator.apiUrl} answered ${response.status}`);
  }
  return readSnapshotBody(body);
}

async function snapshotOfFolder(dataDir: string, sharedBuffers: string | null) {
  if (dataDir === 'memory://') throw new BackupError('PGLITE_DATA_DIR=memory:// keeps nothing to back up');
  const database = await openPglite(dataDir, { sharedBuffers }).catch(unavailable);
  try {
    return await pgliteSnapshot(database);
  } finally {
    await database.close();
  }
}

/** pg_dump in a snapshot exported by a transaction that also lists the documents, so both see one moment. */
async function pgDump(url: string, file: string): Promise<string[]> {
  const sql = await connect(url);
  try {
    return await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [exported] = await tx<{ id: string }[]>`select pg_export_snapshot() as id`;
      const rows = await tx<{ storage_key: string }[]>`
        select storage_key from documents where storage_key is not null order by storage_key`;
      await runTool('pg_dump', ['--format=custom', `--snapshot=${exported?.id ?? ''}`, '--file', file], url);
      return rows.map((row) => row.storage_key);
    });
  } finally {
    await sql.end();
  }
}

export async function restore(config: ApiConfig, args: string[]): Promise<string[]> {
  const force = args.includes('--force');
  const [dir] = args.filter((arg) => arg !== '--force');
  if (!dir) throw new BackupError('usage: npm run ops -- restore <dir> [--force]');
  const source = path.resolve(dir);
  const manifest = await readManifest(source);
  const kind = kindOf(config);
  if (manifest.database !== kind) {
    throw new BackupError(
      `${source} holds a ${manifest.database} backup and this command's database is ${kind} ` +
        `(${kind === 'pglite' ? 'PGLITE_DATA_DIR' : 'DATABASE_URL'}); restore it onto the same kind`,
    );
  }
  if (manifest.documents.length > 0 && config.documentsDir === 'memory://') {
    throw new BackupError("DOCUMENTS_DIR=memory:// cannot receive the backup's documents; set DOCUMENTS_DIR");
  }
  // Every image is checked before the database is touched: a restore without them would not be whole.
  for (const key of manifest.documents) {
    await stat(documentFile(path.join(source, DOCUMENTS), key)).catch(() => {
      throw new BackupError(`${source} lacks the document ${key}: the backup is incomplete`);
    });
  }
  const file = path.join(source, manifest.file);
  const target =
    config.databaseUrl === null
      ? await restorePglite(config.dataDir, file, force, config.pgliteSharedBuffers)
      : await restorePostgres(config.databaseUrl, file, force);
  await copyDocuments(path.join(source, DOCUMENTS), config.documentsDir, manifest.documents, 'restore');
  return [`restored ${source} (taken ${manifest.createdAt}) into ${target}, ${manifest.documents.length} documents`];
}

async function readManifest(source: string): Promise<BackupManifest> {
  const text = await readFile(path.join(source, MANIFEST), 'utf8').catch(() => {
    throw new BackupError(`${source} holds no finished backup (no ${MANIFEST})`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 'credimo-backup/1' || !Object.hasOwn(FILES, manifest.database)) {
    throw new BackupError(`${source}/${MANIFEST} is not a Credimo backup this version reads`);
  }
  return manifest;
}

const refusal = (target: string) =>
  new BackupError(
    `${target} already holds customers; restore into a new folder or database, or add --force to replace it`,
  );

/** Customers or loans: a database an API has only started on (migrated, empty) may be replaced without asking. */
async function holdsData(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<boolean> {
  const { rows } = await query(
    "select to_regclass('public.users') is not null as users, to_regclass('public.loans') is not null as loans",
  );
  const tables = ['users', 'loans'].filter((table) => rows[0]?.[table] === true);
  for (const table of tables) {
    if ((await query(`select exists (select 1 from ${table}) as found`)).rows[0]?.found === true) return true;
  }
  return false;
}

const startParamsFor = (sharedBuffers: string | null) => {
  const startParams = pgliteStartParams(sharedBuffers);
  return startParams ? { startParams } : {};
};

/**
 * PGlite: with the folder locked (so no API runs on it), its database is emptied and the dump loaded by PGlite
 * itself. The dump carries the source folder's lock file, which is removed: it names the source's process.
 */
async function restorePglite(
  dataDir: string,
  file: string,
  force: boolean,
  sharedBuffers: string | null,
): Promise<string> {
  if (dataDir === 'memory://') throw new BackupError('PGLITE_DATA_DIR=memory:// keeps nothing; name a folder');
  await mkdir(dataDir, { recursive: true });
  let lock: ReturnType<typeof lockFolder>;
  try {
    lock = lockFolder(dataDir);
  } catch (error) {
    if (error instanceof FolderLockedError) throw new BackupError(`${error.message}; restore with the API stopped`);
    throw error;
  }
  try {
    const existing = await readdir(dataDir);
    if (existing.includes('PG_VERSION')) {
      const current = new PGlite(dataDir, startParamsFor(sharedBuffers));
      try {
        if ((await holdsData((text) => current.query(text))) && !force) throw refusal(dataDir);
      } finally {
        await current.close();
      }
    }
    for (const entry of existing) {
      if (entry !== LOCK_FILE) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    }
    const restored = new PGlite(dataDir, {
      loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
      ...startParamsFor(sharedBuffers),
    });
    await restored.waitReady;
    await restored.close();
    await rm(path.join(dataDir, LOCK_FILE), { force: true });
  } finally {
    lock.release();
  }
  return dataDir;
}

/**
 * PostgreSQL: the target's own schemas are dropped (pg_restore --clean cannot drop the job queue's partitioned
 * tables), then pg_restore loads the dump in one transaction.
 */
async function restorePostgres(url: string, file: string, force: boolean): Promise<string> {
  const sql = await connect(url);
  try {
    const [others] = await sql<{ count: string }[]>`
      select count(*) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`;
    const count = Number(others?.count ?? 0);
    if (count > 0) {
      throw new BackupError(
        `${redactUrl(url)} has ${count} other connections (is the API running on it?); stop them before restoring`,
      );
    }
    if ((await holdsData((text) => sql.unsafe(text).then((rows) => ({ rows })))) && !force) {
      throw refusal(redactUrl(url));
    }
    const schemas = await sql<{ name: string }[]>`
      select nspname as name from pg_namespace
        where nspname not like 'pg\\_%' and nspname <> 'information_schema'`;
    await sql.begin(async (tx) => {
      for (const { name } of schemas) await tx`drop schema ${tx(name)} cascade`;
      await tx`create schema public`;
    });
  } finally {
    await sql.end();
  }
  await runTool('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', file], url);
  return redactUrl(url);
}

async function copyDocuments(from: string, to: string, keys: string[], step: 'backup' | 'restore') {
  if (keys.length === 0) return;
  if (from === 'memory://') {
    throw new BackupError('DOCUMENTS_DIR=memory:// keeps the images in the API process: they cannot be backed up');
  }
  for (const key of keys) {
    const destination = documentFile(to, key);
    await mkdir(path.dirname(destination), { recursive: true, mode: 0o700 });
    await copyFile(documentFile(from, key), destination).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      // Deleted after the database was copied (a photo replaced meanwhile): this copy would not be whole.
      throw new BackupError(
        step === 'backup'
          ? `the document ${key} was removed while the backup ran; take the backup again`
          : `${from} lacks the document ${key}`,
      );
    });
  }
}

/** One connection (the transactions above need their statements on one), the product's PostgreSQL client. */
async function connect(url: string): Promise<postgres.Sql> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (error) {
    await sql.end({ timeout: 0 });
    const reason = (error as { code?: string }).code ?? (error as Error).message;
    throw new BackupError(`cannot reach PostgreSQL at ${redactUrl(url)} (${reason}); check DATABASE_URL`);
  }
  return sql;
}

function unavailable(error: unknown): never {
  throw new BackupError((error as Error).message);
}

/** PostgreSQL's client tools; their own message when they fail. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  // The password goes in the environment, not on the command line other users of the machine can read.
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--dbname', parsed.toString()], { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT' ? `${tool} is not installed (PostgreSQL's client tools)` : error.message,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}
