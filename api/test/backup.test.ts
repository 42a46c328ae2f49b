import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.js';
import type { Database } from '../src/db/schema.js';
import { documentFile } from '../src/providers/document-storage.js';
import { customerAt } from './origination-path.js';
import { type ApiProcess, freePort, overHttp, runOpsCli, startApiProcess, stopApiProcess } from './spawn-api.js';
import {
  createPostgresDatabase,
  databaseUrlFor,
  dropPostgresDatabase,
  ON_PGLITE_FOLDERS,
  pgliteFolder,
  TEST_PGLITE,
} from './template.js';

const temporary = (name: string) => mkdtempSync(path.join(os.tmpdir(), `credimo-${name}-`));

/** Runs `npm run ops -- …` as an operator does, with the settings given (the API's, or the restore target's). */
const ops = (env: NodeJS.ProcessEnv, ...args: string[]) => runOpsCli({ OPS_OPERATOR: 'carmen', ...env }, args);

const API_ENV = { TRUST_PROXY: 'true', SANDBOX_DECISION_DELAY_SECONDS: '1', SANDBOX_PAYOUT_DELAY_SECONDS: '1' };

/**
 * Two customers with money out, one partly repaid and one repaid in full, and one who only sent documents:
 * loans, payments, ledger postings and document images, all through the API.
 */
async function openBook(api: ApiProcess, env: NodeJS.ProcessEnv) {
  const http = overHttp(api.url);
  const partly = await customerAt(http, 'active');
  const repaid = await customerAt(http, 'active', { amount: 30_000 });
  const waiting = await customerAt(http, 'signable');
  for (const [loan, cents, reference] of [
    [partly.loanId, '10000', 'BANK-1'],
    [repaid.loanId, '100000', 'BANK-2'],
  ] as const) {
    const paid = await ops(env, 'payment-received', loan, cents, reference);
    assert.equal(paid.status, 0, paid.stderr);
  }
  return [partly, repaid, waiting];
}

/** What must survive: every loan, payment and stored document, and the ledger's balance. */
async function book(db: Kysely<Database>) {
  const { rows } = await sql<{ total: string | null }>`select sum(amount) as total from ledger_postings`.execute(db);
  return {
    balance: Number(rows[0]?.total ?? 0),
    postings: (await db.selectFrom('ledger_postings').select('id').execute()).length,
    loans: await db.selectFrom('loans').select(['id', 'status']).orderBy('id').execute(),
    payments: await db.selectFrom('loan_payments').selectAll().orderBy('id').execute(),
    documents: await db
      .selectFrom('documents')
      .select(['user_id', 'type', 'storage_key'])
      .orderBy('user_id')
      .orderBy('type')
      .execute(),
  };
}

async function bookOf(open: () => Promise<DatabaseHandle>) {
  const database = await open();
  try {
    return await book(database.db);
  } finally {
    await database.close();
  }
}

/** The restored book is the original one: balanced, every loan, payment and document, each image's bytes. */
function assertSameBook(
  original: Awaited<ReturnType<typeof book>>,
  restored: Awaited<ReturnType<typeof book>>,
  folders: { original: string; restored: string },
) {
  assert.equal(restored.balance, 0);
  assert.ok(original.postings > 0 && original.loans.length === 3 && original.payments.length === 2);
  assert.deepEqual(restored, original);
  const keys = original.documents.map((row) => row.storage_key).filter((key): key is string => key !== null);
  assert.ok(keys.length >= 6, `documents: ${keys.length}`);
  for (const key of keys) {
    assert.deepEqual(
      readFileSync(documentFile(folders.restored, key)),
      readFileSync(documentFile(folders.original, key)),
    );
  }
}

/** A customer's session from before the backup still opens their loan and their images on the restored API. */
async function assertCustomersServed(url: string, customers: { headers: Record<string, string>; loanId: string }[]) {
  for (const customer of customers) {
    const loan = await fetch(`${url}/v2/loan`, { headers: customer.headers });
    assert.equal(loan.status, 200);
    assert.equal(String(((await loan.json()) as { id: number }).id), customer.loanId);
    const overview = await fetch(`${url}/v2/user/documents`, { headers: customer.headers });
    const { documents } = (await overview.json()) as { documents: { type: string }[] };
    assert.ok(documents.length > 0);
    for (const { type } of documents) {
      const image = await fetch(`${url}/v2/user/document/${type}`, { headers: customer.headers });
      assert.equal(image.status, 200, `${type}: ${await image.clone().text()}`);
    }
  }
}

describe('backup and restore on PGlite: the drill', ON_PGLITE_FOLDERS, () => {
  // Made when the block runs: the PostgreSQL run skips it and copies no folder.
  let dataDir = '';
  const documentsDir = temporary('backup-documents');
  const backupDir = path.join(temporary('backup-out'), 'nightly');
  const restoredData = temporary('restored-data');
  const restoredDocuments = temporary('restored-documents');
  let api: ApiProcess;
  let env: NodeJS.ProcessEnv;
  let restoreEnv: NodeJS.ProcessEnv;
  let customers: Awaited<ReturnType<typeof openBook>>;
  before(async () => {
    dataDir = pgliteFolder('backup-data');
    env = { PGLITE_DATA_DIR: dataDir, DOCUMENTS_DIR: documentsDir, API_PORT: String(await freePort()) };
    restoreEnv = {
      PGLITE_DATA_DIR: restoredData,
      DOCUMENTS_DIR: restoredDocuments,
      API_PORT: String(await freePort()),
    };
    api = await startApiProcess({ ...env, ...API_ENV });
    customers = await openBook(api, env);
  });
  after(async () => {
    if (api) await stopApiProcess(api);
    for (const folder of [dataDir, documentsDir, path.dirname(backupDir), restoredData, restoredDocuments]) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the backup is taken through the running API: its folder copy, the images, a manifest', async () => {
    const result = await ops(env, 'backup', backupDir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(
      result.stdout,
      /^backup in .+nightly: pglite database \(\d+ bytes, through the API at http:\/\/127\.0\.0\.1:\d+\), \d+ documents\n$/,
    );
    const manifest = JSON.parse(readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    assert.equal(manifest.database, 'pglite');
    for (const key of manifest.documents) assert.ok(existsSync(documentFile(path.join(backupDir, 'documents'), key)));
    const again = await ops(env, 'backup', backupDir);
    assert.equal(again.status, 1);
    assert.match(again.stderr, /is not empty: a backup goes into a new folder/);
  });

  test('a backup the API refuses leaves no half-written folder behind', async () => {
    const refused = path.join(path.dirname(backupDir), 'refused');
    const result = await ops({ ...env, OPERATOR_SECRET: 'not-the-one' }, 'backup', refused);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /refused the operator secret/);
    assert.equal(existsSync(refused), false);
  });

  test('a restore onto the folder the API holds is refused', async () => {
    const result = await ops(env, 'restore', backupDir, '--force');
    assert.equal(result.status, 1);
    assert.match(result.stderr, new RegExp(`is in use by process ${api.child.pid}.*restore with the API stopped`));
  });

  test('restored into a new folder, an API started on it serves the same customers', async () => {
    const result = await ops(restoreEnv, 'restore', backupDir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^restored .+nightly \(taken .+\) into .+, \d+ documents\n$/);
    const restoredApi = await startApiProcess({ ...restoreEnv, ...API_ENV });
    try {
      await assertCustomersServed(restoredApi.url, customers.slice(0, 2));
    } finally {
      assert.equal((await stopApiProcess(restoredApi)).code, 0);
    }
  });

  test('a folder that holds customers is replaced only with --force', async () => {
    const refused = await ops(restoreEnv, 'restore', backupDir);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /already holds customers; restore into a new folder or database, or add --force/);
    const forced = await ops(restoreEnv, 'restore', backupDir, '--force');
    assert.equal(forced.status, 0, forced.stderr);
  });

  test('the restored ledger balances and every loan, payment and document is there', async () => {
    assert.equal((await stopApiProcess(api)).code, 0);
    const original = await bookOf(() => openPglite(dataDir, TEST_PGLITE));
    const restored = await bookOf(() => openPglite(restoredData, TEST_PGLITE));
    assertSameBook(original, restored, { original: documentsDir, restored: restoredDocuments });
  });

  test('with no API running the command copies the folder itself, under its lock', async () => {
    const offline = path.join(path.dirname(backupDir), 'offline');
    const taken = await ops(env, 'backup', offline);
    assert.equal(taken.status, 0, taken.stderr);
    assert.match(taken.stdout, /pglite database \(\d+ bytes, from .+ \(no API running\)\)/);
    const again = { ...restoreEnv, PGLITE_DATA_DIR: temporary('restored-offline') };
    try {
      const restored = await ops(again, 'restore', offline);
      assert.equal(restored.status, 0, restored.stderr);
      assert.deepEqual(
        await bookOf(() => openPglite(again.PGLITE_DATA_DIR ?? '', TEST_PGLITE)),
        await bookOf(() => openPglite(dataDir, TEST_PGLITE)),
      );
    } finally {
      rmSync(again.PGLITE_DATA_DIR ?? '', { recursive: true, force: true });
    }
  });

  test('a folder without its manifest is no backup: restore refuses it', async () => {
    const unfinished = temporary('unfinished');
    try {
      const result = await ops(restoreEnv, 'restore', unfinished, '--force');
      assert.equal(result.status, 1);
      assert.equal(result.stderr.trim(), `credimo-ops: ${unfinished} holds no finished backup (no manifest.json)`);
    } finally {
      rmSync(unfinished, { recursive: true, force: true });
    }
  });
});

const serverUrl = process.env.DATABASE_URL;

describe('backup and restore on PostgreSQL: the drill', {
  skip: !serverUrl && 'runs with DATABASE_URL (the API tests on PostgreSQL)',
}, () => {
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const source = `credimo_backup_${suffix}`;
  const target = `credimo_restored_${suffix}`;
  const documentsDir = temporary('backup-documents');
  const backupDir = path.join(temporary('backup-out'), 'nightly');
  const restoredDocuments = temporary('restored-documents');
  let api: ApiProcess;
  let env: NodeJS.ProcessEnv;
  let restoreEnv: NodeJS.ProcessEnv;
  let customers: Awaited<ReturnType<typeof openBook>>;
  before(async () => {
    const url = serverUrl ?? '';
    // Under the runner both start as the migrated template: the target is like a new API's empty database.
    await createPostgresDatabase(url, source);
    await createPostgresDatabase(url, target);
    env = {
      DATABASE_URL: databaseUrlFor(url, source),
      DOCUMENTS_DIR: documentsDir,
      API_PORT: String(await freePort()),
    };
    restoreEnv = {
      DATABASE_URL: databaseUrlFor(url, target),
      DOCUMENTS_DIR: restoredDocuments,
      API_PORT: String(await freePort()),
    };
    api = await startApiProcess({ ...env, ...API_ENV });
    customers = await openBook(api, env);
  });
  after(async () => {
    if (api) await stopApiProcess(api);
    await dropPostgresDatabase(serverUrl ?? '', source);
    await dropPostgresDatabase(serverUrl ?? '', target);
    for (const folder of [documentsDir, path.dirname(backupDir), restoredDocuments]) {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the backup is pg_dump in custom format, taken while the API runs, with the images', async () => {
    const result = await ops(env, 'backup', backupDir);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^backup in .+nightly: postgresql database \(\d+ bytes, pg_dump\), \d+ documents\n$/);
    // pg_dump's custom format starts with its signature.
    assert.equal(readFileSync(path.join(backupDir, 'postgresql.dump')).subarray(0, 5).toString(), 'PGDMP');
  });

  test('a restore onto the database the API is using is refused', async () => {
    const result = await ops(env, 'restore', backupDir, '--force');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /other connections \(is the API running on it\?\); stop them before restoring/);
  });

  test('restored into a new database, an API started on it serves the same customers', async () => {
    const result = await ops(restoreEnv, 'restore', backupDir);
    assert.equal(result.status, 0, result.stderr);
    const restoredApi = await startApiProcess({ ...restoreEnv, ...API_ENV });
    try {
      await assertCustomersServed(restoredApi.url, customers.slice(0, 2));
    } finally {
      assert.equal((await stopApiProcess(restoredApi)).code, 0);
    }
  });

  test('a database that holds customers is replaced only with --force', async () => {
    const refused = await ops(restoreEnv, 'restore', backupDir);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /already holds customers; restore into a new folder or database, or add --force/);
    const forced = await ops(restoreEnv, 'restore', backupDir, '--force');
    assert.equal(forced.status, 0, forced.stderr);
  });

  test('the restored ledger balances and every loan, payment and document is there', async () => {
    assert.equal((await stopApiProcess(api)).code, 0);
    const original = await bookOf(() => openPostgres(databaseUrlFor(serverUrl ?? '', source), 1));
    const restored = await bookOf(() => openPostgres(databaseUrlFor(serverUrl ?? '', target), 1));
    assertSameBook(original, restored, { original: documentsDir, restored: restoredDocuments });
  });
});
