import path from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { cpuMsSoFar } from './cpu.js';

/**
 * The loop of a test runner's worker process (the API's `test/run.ts`, the browser tests' `e2e/run.ts`): it asks
 * the runner for a test file, runs it, and asks for the next, so node, tsx and what the files import load once per
 * worker instead of once per file, and a worker that drew short files simply takes more of them. Each file's
 * tests, and its top-level `before`/`after` hooks, stay inside a suite named after the file, so a file's setup and
 * teardown wrap only its own tests, as in a process of its own.
 */
export interface FileRequest {
  /**
   * The file this worker has just finished, how long it took and the CPU it used (this process's threads and the
   * processes it started and saw end); absent on the first request.
   */
  done?: { file: string; ms: number; cpuMs: number };
}
export type FileAnswer = { file: string } | { file: null };

function ask(request: FileRequest): Promise<string | null> {
  return new Promise((resolve) => {
    process.once('message', (answer: FileAnswer) => resolve(answer.file));
    process.send?.(request);
  });
}

/**
 * Turns node's test runner's bookkeeping of which suite a call belongs to on while a file registers its tests and
 * off while they run (`test-registration.mjs`, preloaded by `file-workers.ts`); without the preload, it stays on.
 */
interface TestRegistration {
  registering: () => void;
  running: () => void;
}
const registration = ((globalThis as Record<symbol, unknown>)[Symbol.for('credimo.test-registration')] as
  | TestRegistration
  | undefined) ?? { registering: () => {}, running: () => {} };

/**
 * An error nothing awaited, thrown while a file's tests run: the test runner, no longer following which test started
 * what, can only say that something failed. This names the file and fails it.
 */
let runningFile: string | null = null;
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    const where = runningFile ?? 'between two files';
    console.error(`# ${where}: ${event}: ${error instanceof Error ? error.stack : String(error)}`);
    if (runningFile) process.send?.({ failed: `${runningFile} (an ${event} in its tests)` });
  });
}

// A hook that waits for ever (hooks have no test timeout) would hold the whole run until CI's own limit: after
// this long the worker names the file and ends, and the run fails in time to say why.
const FILE_LIMIT_MS = 15 * 60_000;

/**
 * Runs the files the runner hands out until it has none left, then lets the event loop drain: `whenDone` closes
 * what the worker kept open for all its files (the browser tests' shared browser).
 */
export async function runFilesFromRunner(whenDone: () => Promise<void> = async () => {}): Promise<void> {
  let request: FileRequest = {};
  for (let file = await ask(request); file; file = await ask(request)) {
    const started = performance.now();
    const cpuStarted = cpuMsSoFar();
    const name = path.basename(file);
    const watchdog = setTimeout(() => {
      console.error(`# ${name} did not end in 15 minutes (a hook waiting for ever?)`);
      process.exit(1);
    }, FILE_LIMIT_MS);
    runningFile = name;
    registration.registering();
    await describe(name, async () => {
      try {
        await import(pathToFileURL(file).href);
      } finally {
        registration.running();
      }
    });
    clearTimeout(watchdog);
    runningFile = null;
    request = {
      done: { file, ms: Math.round(performance.now() - started), cpuMs: Math.round(cpuMsSoFar() - cpuStarted) },
    };
  }
  await whenDone();
  process.disconnect();
  // A file that left a handle open (a socket, a timer) would keep this worker, and so the whole run, alive for
  // ever: once its last file is done the worker gives the event loop a moment to drain, then ends with its report.
  setTimeout(() => {
    console.error('# a test file left handles open after its tests; the worker ends anyway');
    process.exit();
  }, 10_000).unref();
}
