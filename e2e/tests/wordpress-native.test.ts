import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, test } from 'node:test';
import { testPort } from '../src/ports';
import { hasNativePhp, startNativeWordPress } from '../src/wordpress-native';

const PORT = testPort(8896);

/** The processes in the PHP server's group (the server and its PHP_CLI_SERVER_WORKERS workers). */
function phpProcessesOnPort(): number[] {
  const listing = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return listing
    .split('\n')
    .filter((line) => line.includes(`-S 127.0.0.1:${PORT}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

const portFree = () =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(PORT, '127.0.0.1', () => server.close(() => resolve(true)));
  });

describe('WordPress on the machine PHP', { skip: !hasNativePhp() && 'needs php-cli and php-sqlite3' }, () => {
  test('stopping it stops the server and every worker within seconds, freeing the port', async () => {
    const wordpress = await startNativeWordPress({ port: PORT, setupPhp: '' });
    assert.ok(phpProcessesOnPort().length > 1, 'the server runs with its workers');
    const started = Date.now();
    await wordpress.stop();
    assert.ok(Date.now() - started < 8_000, `stopped in ${Date.now() - started} ms`);
    assert.deepEqual(phpProcessesOnPort(), []);
    assert.equal(await portFree(), true);
  });
});
