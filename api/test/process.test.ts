import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/main.ts');

function run(env: NodeJS.ProcessEnv, untilReady?: (out: string) => boolean, signal?: NodeJS.Signals) {
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (untilReady?.(stdout) && signal) child.kill(signal);
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr, stdout }));
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('the API process', () => {
  test('DATABASE_URL pointing at no server: one clear line and a non-zero exit, no stack trace', async () => {
    const port = await freePort();
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
      const { code, stderr } = await run({ API_PORT: String(port), PGLITE_DATA_DIR: 'memory://' });
      assert.equal(code, 1);
      assert.equal(
        stderr.trim(),
        `credimo-api: port ${port} is already in use; stop the other process or set API_PORT`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('SIGTERM shuts down gracefully with exit code 0', async () => {
    const port = await freePort();
    const { code, stdout } = await run(
      { API_PORT: String(port), PGLITE_DATA_DIR: 'memory://', DATABASE_URL: '' },
      (out) => out.includes('Server listening'),
      'SIGTERM',
    );
    assert.equal(code, 0);
    assert.match(stdout, /shutting down/);
  });
});
