import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createPostgresTemplate,
  dropPostgresDatabase,
  PGLITE_TEMPLATE_VARIABLE,
  POSTGRES_TEMPLATE_VARIABLE,
  writePgliteTemplate,
} from './template.js';

/**
 * Runs the API's test files: migrates one template database for the whole run (PGlite, or PostgreSQL with
 * DATABASE_URL), then hands the files to node's test runner, several at a time. Each file still gets a database of
 * its own, copied from the template. `npm run test:api -- test/poll.test.ts` runs some files;
 * API_TEST_CONCURRENCY sets how many run at once (default: one per core).
 */
const testFolder = path.dirname(fileURLToPath(import.meta.url));
const apiFolder = path.dirname(testFolder);

// Arguments starting with "--" go to node's test runner (a reporter, a name pattern); the others are files.
const nodeFlags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(testFolder)
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => path.join(testFolder, name));
const concurrency = Number(process.env.API_TEST_CONCURRENCY) || availableParallelism();

const serverUrl = process.env.DATABASE_URL;
const workFolder = mkdtempSync(path.join(tmpdir(), 'credimo-api-tests-'));
const postgresTemplate = `credimo_template_${process.pid}_${Date.now().toString(36)}`;

async function prepare(): Promise<NodeJS.ProcessEnv> {
  const started = Date.now();
  if (serverUrl) {
    await createPostgresTemplate(serverUrl, postgresTemplate);
    console.log(`# template database ${postgresTemplate} migrated in ${Date.now() - started} ms`);
    return { [POSTGRES_TEMPLATE_VARIABLE]: postgresTemplate };
  }
  const file = path.join(workFolder, 'pglite-template.tar');
  await writePgliteTemplate(file);
  console.log(`# PGlite template migrated in ${Date.now() - started} ms`);
  return { [PGLITE_TEMPLATE_VARIABLE]: file };
}

async function cleanUp(): Promise<void> {
  rmSync(workFolder, { recursive: true, force: true });
  if (serverUrl) await dropPostgresDatabase(serverUrl, postgresTemplate).catch(() => {});
}

let code = 1;
try {
  const templateEnv = await prepare();
  code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...nodeFlags, ...files],
      { cwd: apiFolder, stdio: 'inherit', env: { ...process.env, ...templateEnv } },
    );
    // Ctrl+C reaches the child through the terminal; the runner waits for it to clean up.
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => child.kill('SIGTERM'));
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
} finally {
  await cleanUp();
}
process.exit(code);
