import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { openPglite } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { type ApiProcess, freePort, runOpsCli, startApiProcess, stopApiProcess, unservedPort } from './spawn-api.js';
import {
  createPostgresDatabase,
  databaseUrlFor,
  dropPostgresDatabase,
  ON_PGLITE_FOLDERS,
  pgliteFolder,
  TEST_PGLITE,
} from './template.js';

const APP = 'https://app.credimo.es';

/** Runs `npm run ops -- …` as an operator does, with the API's settings (API_PORT, PGLITE_DATA_DIR). */
const ops = (env: NodeJS.ProcessEnv, ...args: string[]) => runOpsCli({ PUBLIC_APP_URL: APP, ...env }, args);

async function auditActions(dataDir: string) {
  const database = await openPglite(dataDir, TEST_PGLITE);
  try {
    await migrateToLatest(database.db);
    return await database.db.selectFrom('audit_log').select(['actor', 'action', 'address']).orderBy('id').execute();
  } finally {
    await database.close();
  }
}

describe('npm run ops with no API running: it opens the database itself', ON_PGLITE_FOLDERS, () => {
  // Made when the block runs: the PostgreSQL run skips it and copies no folder.
  let dataDir = '';
  let env: NodeJS.ProcessEnv;
  before(async () => {
    dataDir = pgliteFolder('ops');
    // A port where nothing answers: the command finds no API and takes the folder's lock itself.
    env = { PGLITE_DATA_DIR: dataDir, API_PORT: String(await unservedPort()), OPS_OPERATOR: 'carmen' };
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('refuses a bad phone or a missing command with one clear line', async () => {
    const bad = await ops(env, 'agent-link', '123456789');
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr.trim(), 'credimo-ops: 123456789: El teléfono no es válido');
    const none = await ops(env);
    assert.equal(none.status, 1);
    assert.match(
      none.stderr,
      /usage:\n {2}npm run ops -- agent-link <phone> \[agent-name\] \[amount-eur term-days\]\n/,
    );
  });

  test('admin-link needs an existing customer', async () => {
    const result = await ops(env, 'admin-link', 'marta', '612000043');
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), 'credimo-ops: no customer has the phone 612000043');
  });

  test('agent-link creates the customer if needed and prints a one-time link; admin-link then works; both audited', async () => {
    const agent = await ops(env, 'agent-link', '612 00 00 43', 'laura');
    assert.equal(agent.status, 0, agent.stderr);
    assert.match(agent.stdout, /^https:\/\/app\.credimo\.es\/auth\/session\?sessionid=[\w-]{40,}\n/);
    const admin = await ops(env, 'admin-link', 'marta', '612000043');
    assert.equal(admin.status, 0, admin.stderr);
    assert.match(admin.stdout, /^https:\/\/app\.credimo\.es\/account\/auth\?apikey=[\w.%-]+&adminUsername=marta\n/);
    const audited = (await auditActions(dataDir)).filter((row) => row.action.startsWith('ops '));
    assert.deepEqual(audited, [
      { actor: 'operator:carmen', action: 'ops agent-link', address: null },
      { actor: 'operator:carmen', action: 'ops admin-link', address: null },
    ]);
  });

  test('advance-days moves the sandbox clock and runs each day; payment-received needs a known loan', async () => {
    const advanced = await ops(env, 'advance-days', '2');
    assert.equal(advanced.status, 0, advanced.stderr);
    assert.equal(advanced.stdout.trim().split('\n').length, 2);
    assert.match(advanced.stdout, /^\d{4}-\d{2}-\d{2}: 0 loans serviced, 0 overdue, 0 auto-debited\n/);
    const bad = await ops(env, 'advance-days', '0');
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr.trim(), 'credimo-ops: days: 1 to 366');
    const unknown = await ops(env, 'payment-received', 'L-NONE', '1000', 'BANK-1');
    assert.equal(unknown.status, 1);
    assert.equal(unknown.stderr.trim(), 'credimo-ops: no loan L-NONE');
  });
});

describe('npm run ops while the API runs on a PGlite folder: it goes through the API', ON_PGLITE_FOLDERS, () => {
  // Made when the block runs: the PostgreSQL run skips it and copies no folder.
  let dataDir = '';
  let api: ApiProcess;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    dataDir = pgliteFolder('ops-live');
    env = { PGLITE_DATA_DIR: dataDir, API_PORT: String(await freePort()), OPS_OPERATOR: 'carmen' };
    api = await startApiProcess({ ...env, PUBLIC_APP_URL: APP });
  });
  after(async () => {
    if (api) await stopApiProcess(api);
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('agent-link prints a link the running API accepts', async () => {
    const result = await ops(env, 'agent-link', '612000044', 'laura');
    assert.equal(result.status, 0, result.stderr);
    const code = new URL(result.stdout.split('\n')[0] ?? '').searchParams.get('sessionid') ?? '';
    const exchanged = await fetch(`${api.url}/api/agent/customer/${encodeURIComponent(code)}`);
    assert.equal(exchanged.status, 200);
    const body = (await exchanged.json()) as { token: string; agent: { name: string } };
    assert.equal(body.agent.name, 'laura');
    const user = await fetch(`${api.url}/v2/user`, { headers: { authorization: `Bearer ${body.token}` } });
    assert.equal(user.status, 200);
  });

  test('admin-link prints a link the running API accepts', async () => {
    const result = await ops(env, 'admin-link', 'marta', '612000044');
    assert.equal(result.status, 0, result.stderr);
    const link = new URL(result.stdout.split('\n')[0] ?? '');
    const exchanged = await fetch(`${api.url}/v2/admin/login_as`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: link.searchParams.get('apikey'),
        admin_username: link.searchParams.get('adminUsername'),
      }),
    });
    assert.equal(exchanged.status, 200, await exchanged.clone().text());
  });

  test('a usage problem comes back from the API as the same one line', async () => {
    const result = await ops(env, 'admin-link', 'marta', '612000045');
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim(), 'credimo-ops: no customer has the phone 612000045');
  });

  test('the operator endpoint refuses a caller without the secret (401, in the error shape of every answer)', async () => {
    const attempts: Record<string, string>[] = [{}, { 'x-operator-secret': 'guess' }];
    for (const headers of attempts) {
      const answer = await fetch(`${api.url}/operator/commands`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ command: 'agent-link', args: ['612000046'], operator: 'mallory' }),
      });
      assert.equal(answer.status, 401);
      assert.deepEqual(await answer.json(), {
        errors: [
          {
            message: 'Acceso de operador no autorizado: el secreto de operador no es válido.',
            property: 'request',
          },
        ],
      });
    }
    const wrongSecret = await ops({ ...env, OPERATOR_SECRET: 'not-the-one' }, 'agent-link', '612000046');
    assert.equal(wrongSecret.status, 1);
    assert.match(wrongSecret.stderr, /refused the operator secret/);
  });

  test('pointed at another port, the command does not open the folder the API holds', async () => {
    const result = await ops({ ...env, API_PORT: String(await unservedPort()) }, 'agent-link', '612000047');
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.trim(),
      `credimo-ops: the PGlite folder ${dataDir} is in use by process ${api.child.pid} (PGlite allows one process per folder). ` +
        'Send commands through that process (npm run ops talks to the running API), stop it first, or set PGLITE_DATA_DIR to another folder',
    );
  });

  test('every command through the API is in audit_log with the operator and the address', async () => {
    assert.equal((await stopApiProcess(api)).code, 0);
    const audited = (await auditActions(dataDir)).filter((row) => row.action.startsWith('ops '));
    assert.deepEqual(audited, [
      { actor: 'operator:carmen', action: 'ops agent-link', address: '127.0.0.1' },
      { actor: 'operator:carmen', action: 'ops admin-link', address: '127.0.0.1' },
    ]);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe('npm run ops while the API runs on PostgreSQL', {
  skip: !serverUrl && 'runs with DATABASE_URL (npm run test:api on PostgreSQL)',
}, () => {
  const name = `credimo_ops_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let api: ApiProcess;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    await createPostgresDatabase(serverUrl ?? '', name);
    env = {
      DATABASE_URL: databaseUrlFor(serverUrl ?? '', name),
      API_PORT: String(await freePort()),
      OPS_OPERATOR: 'carmen',
    };
    api = await startApiProcess({ ...env, PUBLIC_APP_URL: APP });
  });
  after(async () => {
    if (api) await stopApiProcess(api);
    await dropPostgresDatabase(serverUrl ?? '', name);
  });

  test('agent-link prints a link the running API accepts', async () => {
    const result = await ops(env, 'agent-link', '612000048', 'laura');
    assert.equal(result.status, 0, result.stderr);
    const code = new URL(result.stdout.split('\n')[0] ?? '').searchParams.get('sessionid') ?? '';
    const exchanged = await fetch(`${api.url}/api/agent/customer/${encodeURIComponent(code)}`);
    assert.equal(exchanged.status, 200);
  });
});
