import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { freshDataFolder, stackPorts, testPort } from '../src/ports';
import { liveProcessesInGroup } from '../src/process-group';

/** The token the app makes in sandbox mode (shared/src/domain/captcha.ts), as the browser would send it. */
const sandboxCaptchaToken = () => `sandbox.${randomBytes(16).toString('hex')}`;

const root = path.resolve(__dirname, '../..');
const BASE = 4000;
/** Every port `npm start` takes: the shell, the four remotes, the API. */
const PORTS = [0, 1, 2, 3, 4, 10].map((delta) => testPort(BASE) + delta);

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

/**
 * `npm start` exactly as a user types it, in its own process group so that the test can tell whether anything
 * it started is left behind. Signals go to npm's process alone, as `kill`, docker or systemd send them.
 */
async function npmStart(dataDir: string): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    env: { ...process.env, ...stackPorts(BASE, dataDir), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const running = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Credimo is running')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', () => reject(new Error(`npm start exited early:\n${output}`)));
  });
  await running;
  return { child, output: () => output, exited };
}

async function portFree(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether any process of the group npm led is still alive (children included, orphaned or not). */
const groupAlive = (pgid: number) => liveProcessesInGroup(pgid).length > 0;

async function waitUntil(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

async function allPortsFree(): Promise<boolean> {
  return (await Promise.all(PORTS.map(portFree))).every(Boolean);
}

const apiUrl = `http://127.0.0.1:${testPort(BASE) + 10}`;

async function signIn(phone: string): Promise<string> {
  const headers = { 'content-type': 'application/json' };
  const sent = await fetch(`${apiUrl}/v2/user/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ recaptcha_token: sandboxCaptchaToken(), mobile_phone: phone }),
  });
  const confirmed = await fetch(`${apiUrl}/v2/user/login_confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile_phone: phone, code: sent.headers.get('x-sms-code') }),
  });
  assert.equal(confirmed.status, 200);
  return ((await confirmed.json()) as { token: string }).token;
}

describe('stopping npm start', () => {
  const folders: string[] = [];
  const leftovers: number[] = [];
  after(() => {
    // A failed test must not leave a product running for the next one: the whole group goes.
    for (const pgid of leftovers) if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  const newFolder = () => {
    const folder = freshDataFolder('stop');
    folders.push(folder);
    return folder;
  };

  test('SIGTERM: every port is free within 10 s, exit code 0, nothing left running, and the database reopens with its data', async () => {
    const dataDir = newFolder();
    const started = await npmStart(dataDir);
    const pgid = started.child.pid ?? 0;
    leftovers.push(pgid);
    const token = await signIn('612000301');
    const sentAt = Date.now();
    started.child.kill('SIGTERM');
    const { code, at } = await started.exited;
    assert.equal(code, 0, started.output());
    assert.ok(at - sentAt < 10_000, `stopped in ${at - sentAt} ms`);
    assert.ok(await waitUntil(allPortsFree, 10_000 - (Date.now() - sentAt)), 'every port is free');
    assert.ok(await waitUntil(() => !groupAlive(pgid), 2_000), 'nothing it started is left running');

    const again = await npmStart(dataDir);
    leftovers.push(again.child.pid ?? 0);
    const user = await fetch(`${apiUrl}/v2/user`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(user.status, 200, 'the reopened database has the session');
    again.child.kill('SIGTERM');
    assert.equal((await again.exited).code, 0);
  });

  test('SIGHUP (npm does not relay it and dies): the product still stops, ports free, nothing orphaned', async () => {
    const started = await npmStart(newFolder());
    const pgid = started.child.pid ?? 0;
    leftovers.push(pgid);
    const sentAt = Date.now();
    started.child.kill('SIGHUP');
    await started.exited;
    assert.ok(await waitUntil(() => !groupAlive(pgid), 10_000), 'nothing it started is left running');
    assert.ok(await waitUntil(allPortsFree, 10_000 - (Date.now() - sentAt)), 'every port is free');
  });

  test('the API dying takes the rest down with a non-zero exit and a line naming it', async () => {
    const dataDir = newFolder();
    const started = await npmStart(dataDir);
    const pgid = started.child.pid ?? 0;
    leftovers.push(pgid);
    // The lock names the database's owner: the API process.
    const apiPid = (JSON.parse(readFileSync(path.join(dataDir, 'credimo.lock'), 'utf8')) as { pid: number }).pid;
    process.kill(apiPid, 'SIGKILL');
    const { code } = await started.exited;
    assert.notEqual(code, 0);
    assert.match(
      started.output(),
      new RegExp(`credimo: the API \\(pid ${apiPid}\\) was killed by SIGKILL; stopping the rest`),
    );
    assert.ok(await waitUntil(allPortsFree, 10_000), 'every port is free');
    assert.ok(await waitUntil(() => !groupAlive(pgid), 2_000), 'nothing it started is left running');
  });
});
