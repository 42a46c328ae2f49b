import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/ops/cli.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'credimo-ops-'));

/** The ops command opens the API's database itself: here a PGlite folder shared by its calls. */
const ops = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
    env: { ...process.env, PGLITE_DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_APP_URL: 'https://app.credimo.es' },
    encoding: 'utf8',
  });

describe('npm run ops', () => {
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('refuses a bad phone or a missing command with one clear line', () => {
    const bad = ops('agent-link', '123456789');
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr.trim(), 'credimo-ops: 123456789: El teléfono no es válido');
    const none = ops();
    assert.equal(none.status, 1);
    assert.match(none.stderr, /usage:/);
  });

  test('admin-link needs an existing customer', () => {
    const result = ops('admin-link', 'marta', '612000043');
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), 'credimo-ops: no customer has the phone 612000043');
  });

  test('agent-link creates the customer if needed and prints a one-time link; admin-link then works', () => {
    const agent = ops('agent-link', '612 00 00 43', 'laura');
    assert.equal(agent.status, 0, agent.stderr);
    assert.match(agent.stdout, /^https:\/\/app\.credimo\.es\/auth\/session\?sessionid=[\w-]{40,}\n/);
    const admin = ops('admin-link', 'marta', '612000043');
    assert.equal(admin.status, 0, admin.stderr);
    assert.match(admin.stdout, /^https:\/\/app\.credimo\.es\/account\/auth\?apikey=[\w.%-]+&adminUsername=marta\n/);
  });

  test('advance-days moves the sandbox clock and runs each day; payment-received needs a known loan', () => {
    const advanced = ops('advance-days', '2');
    assert.equal(advanced.status, 0, advanced.stderr);
    assert.equal(advanced.stdout.trim().split('\n').length, 2);
    assert.match(advanced.stdout, /^\d{4}-\d{2}-\d{2}: 0 loans serviced, 0 overdue\n/);
    const bad = ops('advance-days', '0');
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr.trim(), 'credimo-ops: days: 1 to 366');
    const unknown = ops('payment-received', 'L-NONE', '1000', 'BANK-1');
    assert.equal(unknown.status, 1);
    assert.equal(unknown.stderr.trim(), 'credimo-ops: no loan L-NONE');
  });
});
