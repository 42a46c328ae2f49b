import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BUNDLE_VARIABLE, bundleApi, TEST_NODE_FLAGS } from './api-bundle.js';
import { fileDurations } from './file-durations.js';
import { type FileWorker, startFileWorker } from './file-workers.js';
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  PGLITE_TEMPLATE_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  TEST_SHARED_BUFFERS,
  writePgliteTemplate,
} from './template.js';

/**
 * Runs the API's test files: migrates one template database for the whole run (PGlite, or PostgreSQL with
 * DATABASE_URL), then starts two worker processes more than cores (`test/shard.ts`, on the loop of
 * `test/file-worker.ts`) that takes files from this runner one at a time, the slowest of the last run first.
 * Node, tsx and the API load once per worker rather than once per file; each file still gets a database of its
 * own, copied from the template, and ports and folders of its own.
 * `npm run test:api -- test/poll.test.ts` runs some files; API_TEST_CONCURRENCY sets the number of workers.
 * Each worker's report is printed whole when the run ends; a line per file shows the progress meanwhile.
 */
const testFolder = path.dirname(fileURLToPath(import.meta.url));
const apiFolder = path.dirname(testFolder);

// Arguments starting with "--" go to node's test runner (a reporter, a name pattern); the others are files.
const nodeFlags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
// A test that waits for ever fails after ten minutes instead of holding the run until CI's limit.
if (!nodeFlags.some((flag) => flag.startsWith('--test-timeout'))) nodeFlags.push('--test-timeout=600000');
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(testFolder)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => path.join(testFolder, name));
// Two workers more than cores: a file spends about half its time waiting (the sandbox's delays, the job queue's
// polling, the processes it starts), and on two cores a third and a fourth worker fill that time. Beside another
// suite the cores are busy anyway: CI asks for one more than cores there.
const concurrency = Math.min(Number(process.env.API_TEST_CONCURRENCY) || availableParallelism() + 2, files.length);

const serverUrl = process.env.DATABASE_URL;
const workFolder = mkdtempSync(path.join(tmpdir(), 'credimo-api-tests-'));
const postgresTemplate = `credimo_template_${process.pid}_${Date.now().toString(36)}`;

// Inside the repository, so the bundle's packages resolve from its node_modules.
const bundleFolder = path.join(apiFolder, '..', 'node_modules', '.cache', 'credimo', `api-bundle-${process.pid}`);

async function prepare(): Promise<NodeJS.ProcessEnv> {
  const bundled = Date.now();
  await bundleApi(bundleFolder);
  console.log(`# API bundled for the processes tests start in ${Date.now() - bundled} ms`);
  // The processes tests start (the API, `npm run ops`) open PGlite with the tests' small buffer pool too.
  return {
    [API_BUNDLE_VARIABLE]: bundleFolder,
    PGLITE_SHARED_BUFFERS: TEST_SHARED_BUFFERS,
    ...(await prepareTemplate()),
  };
}

/**
 * The PGlite template always: on PostgreSQL too, the API processes and `npm run ops` that some tests start run on
 * a PGlite folder of their own, and each would otherwise run initdb and every migration.
 */
async function prepareTemplate(): Promise<NodeJS.ProcessEnv> {
  const started = Date.now();
  const folder = path.join(workFolder, 'pglite-template');
  const [pglite, postgres] = await Promise.all([
    writePgliteTemplate(folder).then(() => `# PGlite template migrated in ${Date.now() - started} ms`),
    serverUrl
      ? createPostgresTemplate(serverUrl, postgresTemplate).then(
          () => `# template database ${postgresTemplate} migrated in ${Date.now() - started} ms`,
        )
      : null,
  ]);
  for (const line of [postgres, pglite]) if (line) console.log(line);
  return {
    [PGLITE_TEMPLATE_VARIABLE]: folder,
    ...(serverUrl ? { [POSTGRES_TEMPLATE_VARIABLE]: postgresTemplate } : {}),
  };
}

async function cleanUp(): Promise<void> {
  rmSync(workFolder, { recursive: true, force: true });
  rmSync(bundleFolder, { recursive: true, force: true });
  if (serverUrl) await dropPostgresDatabase(serverUrl, postgresTemplate).catch(() => {});
}

// How long each file took last time, so the slowest start first and no worker is left with a long one at the end.
const durations = fileDurations(
  path.join(apiFolder, '..', 'node_modules', '.cache', 'credimo', 'api-test-durations.json'),
  path.join(testFolder, 'file-durations.json'),
);
const queue = durations.slowestFirst(files);
const failedFiles: string[] = [];
// CPU, not the clock, bounds the run on a small machine: the files that use most of it are the ones to make cheaper.
const cpuByFile = new Map<string, number>();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function startWorker(index: number, env: NodeJS.ProcessEnv): FileWorker {
  return startFileWorker({
    script: 'test/shard.ts',
    cwd: apiFolder,
    log: path.join(workFolder, `worker-${index}.log`),
    env,
    nodeFlags: [...TEST_NODE_FLAGS, ...nodeFlags],
    next: () => queue.shift(),
    onDone: ({ file, ms, cpuMs }) => {
      durations.record(file, ms);
      cpuByFile.set(path.relative(apiFolder, file), cpuMs);
      // Whether it passed is known once the worker's report is complete: the summary below says.
      console.log(`· ${path.relative(apiFolder, file)} (${seconds(ms)}, CPU ${seconds(cpuMs)}, worker ${index})`);
    },
    onFailed: (file) => failedFiles.push(file),
  });
}

let code = 1;
const runStarted = performance.now();
try {
  const templateEnv = await prepare();
  // Ctrl+C reaches the workers through the terminal; the runner waits for them to clean up.
  process.on('SIGINT', () => {});
  const workers = Array.from({ length: concurrency }, (_, index) => startWorker(index + 1, templateEnv));
  const exitCodes = await Promise.all(workers.map((worker) => worker.exited));
  for (const [index, worker] of workers.entries()) {
    console.log(`\n# worker ${index + 1} of ${workers.length}`);
    try {
      console.log(readFileSync(worker.log, 'utf8'));
    } catch {
      console.log('(no report: the worker stopped before its first file)');
    }
  }
  durations.save();
  const cpuTotal = [...cpuByFile.values()].reduce((sum, ms) => sum + ms, 0);
  console.log(`# CPU in the files: ${seconds(cpuTotal)}; the most:`);
  for (const [file, ms] of [...cpuByFile].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
    console.log(`#   ${seconds(ms).padStart(8)}  ${file}`);
  }
  const unrun = queue.length;
  code = exitCodes.some((exitCode) => exitCode !== 0) || failedFiles.length || unrun ? 1 : 0;
  console.log(
    `# ${files.length - unrun} files in ${seconds(performance.now() - runStarted)} on ${workers.length} workers` +
      (failedFiles.length ? `; failed: ${failedFiles.join(', ')}` : '') +
      (unrun ? `; ${unrun} files never ran` : ''),
  );
} finally {
  await cleanUp();
}
process.exit(code);
