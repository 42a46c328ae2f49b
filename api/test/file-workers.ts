import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FileAnswer, FileRequest } from './file-worker.js';

/**
 * The runner's side of its worker processes (`file-worker.ts`), shared by the API's runner and the browser tests':
 * each worker is one node process with tsx that asks for a file, runs it and asks again. Its spec report goes to
 * a log of its own, printed when the run ends; the files that failed are told as they fail.
 */
export interface FileWorker {
  readonly log: string;
  readonly pid: number | undefined;
  /** Its exit code: non-zero when a file of it failed or it stopped before its files were done. */
  readonly exited: Promise<number>;
}

export interface FileWorkerOptions {
  /** The worker's script (it calls `runFilesFromRunner`) and the folder it runs in. */
  script: string;
  cwd: string;
  log: string;
  env: NodeJS.ProcessEnv;
  /** Flags for node itself and for its test runner (a reporter, a name pattern, the test timeout). */
  nodeFlags: readonly string[];
  /** The next file of the run, or undefined when none is left. */
  next: () => string | undefined;
  /** A file has ended (whether it passed is known from `onFailed` and the exit code). */
  onDone: (done: NonNullable<FileRequest['done']>) => void;
  /** A file's top-level suite failed. */
  onFailed: (file: string) => void;
  /** What the worker writes to stdout and stderr; without it, they are this process's own. */
  onOutput?: (chunk: string) => void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const failedFileReporter = path.join(here, 'shard-reporter.mjs');
const testRegistration = pathToFileURL(path.join(here, 'test-registration.mjs')).href;

export function startFileWorker(options: FileWorkerOptions): FileWorker {
  const child = spawn(
    process.execPath,
    [
      '--import',
      testRegistration,
      '--import',
      'tsx',
      '--test-reporter=spec',
      `--test-reporter-destination=${options.log}`,
      `--test-reporter=${failedFileReporter}`,
      '--test-reporter-destination=stdout',
      ...options.nodeFlags,
      options.script,
    ],
    {
      cwd: options.cwd,
      stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit', 'ipc'],
      env: { ...process.env, ...options.env },
    },
  );
  if (options.onOutput) {
    child.stdout?.on('data', (chunk) => options.onOutput?.(String(chunk)));
    child.stderr?.on('data', (chunk) => options.onOutput?.(String(chunk)));
  }
  child.on('message', (message: FileRequest | { failed: string }) => {
    if ('failed' in message) {
      options.onFailed(message.failed);
      return;
    }
    if (message.done) options.onDone(message.done);
    child.send({ file: options.next() ?? null } satisfies FileAnswer);
  });
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  const exited = new Promise<number>((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  return { log: options.log, pid: child.pid, exited };
}
