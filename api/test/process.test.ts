import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { LoanStatus, sandboxCaptchaToken } from '@credimo/shared/domain';
import { sql } from 'kysely';
import { readConfig } from '../src/config.js';
import { type DatabaseHandle, DatabaseUnavailableError, openDatabase, openPglite } from '../src/db/database.js';
import { LOCK_FILE } from '../src/db/lock.js';
import { apiEntryArguments } from './api-bundle.js';
import { customerAt } from './origination-path.js';
import { freePort, loanOf as loanFrom, overHttp, startApiProcess, stopApiProcess, unservedPort } from './spawn-api.js';
import { ON_PGLITE_FOLDERS, pgliteFolder, TEST_PGLITE } from './template.js';

/** Runs the API; once `untilReady` holds, does `beforeSignal` (if any) and sends `signal`. */
function run(
  env: NodeJS.ProcessEnv,
  untilReady?: (out: string) => boolean,
  signal?: NodeJS.Signals,
  beforeSignal?: () => Promise<void>,
) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, apiEntryArguments('main'), {
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (signalled || !signal || !untilReady?.(stdout)) return;
      signalled = true;
      void (beforeSignal?.() ?? Promise.resolve()).then(() => child.kill(signal));
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

describe('the API process', () => {
  // Each run gets a data folder of its own, a copy of the migrated template: the process starts without initdb.
  const folders: string[] = [];
  const dataFolder = () => {
    const folder = pgliteFolder('process');
    folders.push(folder);
    return folder;
  };
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  test('DATABASE_URL pointing at no server: one clear line and a non-zero exit, no stack trace', async () => {
    const port = await unservedPort();
    const { code, stderr } = await run({ DATABASE_URL: `postgres://credimo:secret@127.0.0.1:${port}/none` });
    assert.equal(code, 1);
    const lines = stderr.trim().split('\n');
    assert.equal(lines.length, 1, stderr);
    assert.match(lines[0] ?? '', /^credimo-api: cannot reach PostgreSQL at postgres:\/\/credimo:\*\*\*@127\.0\.0\.1/);
    assert.doesNotMatch(stderr, /secret/);
  });

  test('a port already in use: a clear message and a non-zero exit', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const { code, stderr } = await run({ API_PORT: String(port), PGLITE_DATA_DIR: dataFolder() });
      assert.equal(code, 1);
      assert.equal(
        stderr.trim(),
        `credimo-api: port ${port} is already in use; stop the other process or set API_PORT`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  for (const signal of ['SIGTERM', 'SIGHUP', 'SIGINT'] as const) {
    test(`${signal} shuts down gracefully with exit code 0`, async () => {
      const port = await freePort();
      const { code, stdout } = await run(
        { API_PORT: String(port), PGLITE_DATA_DIR: dataFolder(), DATABASE_URL: '' },
        (out) => out.includes('Server listening'),
        signal,
      );
      assert.equal(code, 0);
      assert.match(stdout, /shutting down/);
    });
  }

  test("a connection opened ahead and never used (a browser's preconnect) does not hold the stop", async () => {
    const port = await freePort();
    const preconnect = new Socket();
    const { code, stderr } = await run(
      { API_PORT: String(port), PGLITE_DATA_DIR: dataFolder(), DATABASE_URL: '' },
      (out) => out.includes('Server listening'),
      'SIGTERM',
      () => new Promise((resolve) => preconnect.connect(port, '127.0.0.1', resolve)),
    );
    preconnect.destroy();
    // Held, the stop waits out its budget (8 s) and exits 1, "requests still running".
    assert.equal(code, 0, stderr);
  });
});

/** The id of a process that has just exited: no process has it now. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the PGlite folder has one owner', ON_PGLITE_FOLDERS, () => {
  const folders: string[] = [];
  after(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  test('a second API on the folder is refused at once, naming folder, holder and what to do; the first keeps serving', async () => {
    const dataDir = pgliteFolder('lock');
    folders.push(dataDir);
    const first = await startApiProcess({ PGLITE_DATA_DIR: dataDir });
    try {
      const started = Date.now();
      const second = await run({ PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', API_PORT: String(await freePort()) });
      assert.equal(second.code, 1);
      assert.equal(
        second.stderr.trim(),
        `credimo-api: the PGlite folder ${dataDir} is in use by process ${first.child.pid} (PGlite allows one process per folder). ` +
          'Send commands through that process (npm run ops talks to the running API), stop it first, or set PGLITE_DATA_DIR to another folder',
      );
      assert.ok(Date.now() - started < 30_000, 'refused at once, not after a timeout');
      const health = await fetch(`${first.url}/health`);
      assert.equal(health.status, 200);
    } finally {
      assert.equal((await stopApiProcess(first)).code, 0);
    }
    assert.equal(existsSync(path.join(dataDir, LOCK_FILE)), false, 'the lock is released on stop');
  });

  test('in one process too, the folder opens once until closed', async () => {
    const dataDir = pgliteFolder('lock-same');
    folders.push(dataDir);
    const database = await openPglite(dataDir, TEST_PGLITE);
    await assert.rejects(openPglite(dataDir, TEST_PGLITE), DatabaseUnavailableError);
    await database.close();
    const again = await openPglite(dataDir, TEST_PGLITE);
    await again.close();
  });

  test('PGLITE_SHARED_BUFFERS sizes the buffer pool PostgreSQL starts with; unset, PGlite keeps its 128MB', async () => {
    assert.equal(readConfig({}).pgliteSharedBuffers, null);
    assert.equal(readConfig({ PGLITE_SHARED_BUFFERS: '16MB' }).pgliteSharedBuffers, '16MB');
    for (const wrong of ['16', 'lots', '100kB', '16 MB']) {
      assert.throws(() => readConfig({ PGLITE_SHARED_BUFFERS: wrong }), /PGLITE_SHARED_BUFFERS must be a size/);
    }
    const [sizedDir, plainDir] = [pgliteFolder('buffers-sized'), pgliteFolder('buffers-plain')];
    folders.push(sizedDir, plainDir);
    const sized = await openDatabase({ databaseUrl: null, dataDir: sizedDir, pgliteSharedBuffers: '8MB' });
    const plain = await openPglite(plainDir);
    try {
      const pool = async (database: DatabaseHandle) =>
        (await sql<{ shared_buffers: string }>`show shared_buffers`.execute(database.db)).rows[0]?.shared_buffers;
      assert.equal(await pool(sized), '8MB');
      assert.equal(await pool(plain), '128MB');
    } finally {
      await sized.close();
      await plain.close();
    }
  });

  test('a lock left by a process that no longer exists is taken over', async () => {
    const dataDir = pgliteFolder('lock-stale');
    folders.push(dataDir);
    const lockFile = path.join(dataDir, LOCK_FILE);
    const dead = deadPid();
    writeFileSync(lockFile, JSON.stringify({ pid: dead, nonce: 'left-behind', since: '2026-01-01T00:00:00Z' }));
    const database = await openPglite(dataDir, TEST_PGLITE);
    try {
      const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pid: number };
      assert.equal(lock.pid, process.pid);
    } finally {
      await database.close();
    }
    assert.equal(existsSync(lockFile), false);
  });

  test('an empty or garbled lock (a crash while writing it) is taken over too', async () => {
    const dataDir = pgliteFolder('lock-garbled');
    folders.push(dataDir);
    writeFileSync(path.join(dataDir, LOCK_FILE), '');
    const database = await openPglite(dataDir, TEST_PGLITE);
    await database.close();
  });
});

type Loan = { id: string; status: number; calculations: { today: { body: number } } };
const loanOf = (baseUrl: string, headers: Record<string, string>) => loanFrom<Loan>(baseUrl, headers);

describe('crash safety', ON_PGLITE_FOLDERS, () => {
  test('after SIGKILL and a restart, every acknowledged write is there', async () => {
    const dataDir = pgliteFolder('crash');
    const env = { PGLITE_DATA_DIR: dataDir, API_PORT: String(await freePort()), TRUST_PROXY: 'true' };
    try {
      const api = await startApiProcess(env);
      const customers: { phone: string; token: string }[] = [];
      for (let i = 0; i < 5; i += 1) {
        const phone = `61200${String(1000 + i)}`;
        const headers = { 'content-type': 'application/json', 'x-forwarded-for': `10.9.0.${i}` };
        const sent = await fetch(`${api.url}/v2/user/login`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone }),
        });
        assert.equal(sent.status, 200);
        const confirmed = await fetch(`${api.url}/v2/user/login_confirm`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ mobile_phone: phone, code: sent.headers.get('x-sms-code') }),
        });
        assert.equal(confirmed.status, 200);
        customers.push({ phone, token: ((await confirmed.json()) as { token: string }).token });
      }
      // The first customer also applies: a loan and its status are acknowledged writes too.
      const applicant = customers[0] as { phone: string; token: string };
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${applicant.token}` };
      const address = { postal_code: '28014', region: 'Madrid', city: 'Madrid', street: 'Calle de Alcalá', house: '1' };
      const dni = 12345678;
      const profile: Array<[string, unknown]> = [
        [
          '/v2/user/personal_data_and_address',
          {
            first_name: 'Ana',
            first_surname: 'García',
            personal_id: `${dni}${'TRWAGMYFPDXBNJZSQVHLCKE'[dni % 23]}`,
            expiry_date: '2031-01-01',
            nationality: 'ES',
            birthday: '1990-05-05',
            gender: 'female',
            registration_address: address,
            is_actual_address: true,
          },
        ],
        [
          '/v2/user/additional_data',
          {
            employment_type_id: 4,
            education: 'university',
            has_current_loan: false,
            email: 'ana@credimo.es',
            contact_type: 56,
            contact_phone_number: '634567812',
          },
        ],
      ];
      for (const [route, body] of profile) {
        const saved = await fetch(`${api.url}${route}`, { method: 'PUT', headers: auth, body: JSON.stringify(body) });
        assert.equal(saved.status, 200, await saved.text());
      }
      const applied = await fetch(`${api.url}/v2/loan`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ loan_period: 30, loan_sum: 30_000, attempt_reference: 'crash-safety-1' }),
      });
      assert.equal(applied.status, 201, await applied.clone().text());
      const loan = (await applied.json()) as { id: string; status: number };

      // A second customer takes a loan all the way to Active: a status change and ledger postings, acknowledged.
      const borrower = await customerAt(overHttp(api.url), 'active');
      const active = await loanOf(api.url, borrower.headers);
      assert.equal(active.status, LoanStatus.Active);
      assert.ok(active.calculations.today.body > 0, 'the payout posted the principal to the ledger');
      // Meanwhile the decision job has moved the first application on (a job's write, acknowledged by this read).
      const decided = await loanOf(api.url, auth);
      assert.equal(decided.id, loan.id);
      assert.notEqual(decided.status, LoanStatus.Request);

      // No goodbye: the process dies mid-flight, its lock stays behind naming a dead process.
      assert.equal((await stopApiProcess(api, 'SIGKILL')).signal, 'SIGKILL');
      const restarted = await startApiProcess(env);
      try {
        for (const { phone, token } of customers) {
          const user = await fetch(`${restarted.url}/v2/user`, { headers: { authorization: `Bearer ${token}` } });
          assert.equal(user.status, 200, `the session of ${phone} survived`);
          assert.equal(((await user.json()) as { contacts: { mobile_phone: string } }).contacts.mobile_phone, phone);
        }
        const current = await fetch(`${restarted.url}/v2/loan`, { headers: auth });
        assert.equal(current.status, 200);
        const reopened = (await current.json()) as { id: string; status: number };
        assert.deepEqual({ id: reopened.id, status: reopened.status }, { id: decided.id, status: decided.status });
        const after = await loanOf(restarted.url, borrower.headers);
        assert.deepEqual(
          { id: after.id, status: after.status, today: after.calculations.today },
          { id: active.id, status: active.status, today: active.calculations.today },
        );
      } finally {
        assert.equal((await stopApiProcess(restarted)).code, 0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
