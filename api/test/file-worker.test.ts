import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startFileWorker } from './file-workers.js';

/**
 * The runners' worker processes follow which suite a test belongs to only while a file registers its tests
 * (`test-registration.mjs`): a file still runs inside its own suite, with its own hooks, and what the runner can
 * no longer place fails the run instead of passing unseen.
 */
const testFolder = path.dirname(fileURLToPath(import.meta.url));
const fixtures = path.join(testFolder, 'fixtures', 'worker');
const work = mkdtempSync(path.join(tmpdir(), 'credimo-file-worker-'));
after(() => rmSync(work, { recursive: true, force: true }));

async function runInWorker(fixture: string) {
  const files = [path.join(fixtures, fixture)];
  const failed: string[] = [];
  let output = '';
  const log = path.join(work, `${fixture}.log`);
  const worker = startFileWorker({
    script: 'test/shard.ts',
    cwd: path.dirname(testFolder),
    log,
    env: {},
    nodeFlags: [],
    next: () => files.shift(),
    onDone: () => {},
    onFailed: (file) => failed.push(file),
    onOutput: (chunk) => {
      output += chunk;
    },
  });
  const exitCode = await worker.exited;
  return { exitCode, failed, output, report: readFileSync(log, 'utf8') };
}

describe('a worker of the test runners', () => {
  test('runs a file inside its own suite: top-level hooks, a top-level await and a nested suite keep their order', async () => {
    const run = await runInWorker('registers.test.ts');
    assert.equal(run.exitCode, 0, run.report);
    assert.deepEqual(run.failed, []);
    assert.match(run.output, /hooks-and-tests:before,test,after/);
    assert.match(run.report, /▶ registers\.test\.ts\n {2}✔ a top-level test after a top-level await/);
  });

  test('fails the run when a running test calls test() and so registers outside its file', async () => {
    // The test itself passes at the top level; the runner fails the run on the worker's word.
    const run = await runInWorker('nested-late.test.ts');
    assert.deepEqual(run.failed, ["called from a running body (a test outside its file's suite)"]);
  });

  test('fails the file, by name, when its tests throw where nothing awaits', async () => {
    const run = await runInWorker('throws-later.test.ts');
    assert.notEqual(run.exitCode, 0);
    assert.deepEqual(run.failed, ['throws-later.test.ts (an uncaughtException in its tests)']);
    assert.match(run.output, /thrown by a timer/);
  });
});
