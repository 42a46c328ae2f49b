/**
 * `npm run bench:tests`: how long `npm test` takes here, suite by suite, and its ten slowest files.
 * Runs jest and the API suite (on PGlite, or on PostgreSQL with DATABASE_URL) exactly as `npm test` does, once
 * each, and fails when the whole takes longer than the budget (`budgets.time.npmTestSeconds`).
 * `npm run bench:tests -- --fresh` times them as a new user meets them: in a clone of the committed main, after
 * `npm ci` (not timed), with an empty jest cache and the committed file order.
 */
import { execSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { budgets, report, root } from './budgets';
import { cloneMainInstalled } from './fresh-tree';

interface FileTime {
  suite: string;
  file: string;
  seconds: number;
}

/** Runs a suite with its report in `log` (a file), so a failure can be told without timing the terminal's output. */
function run(command: string, args: string[], cwd: string, log: string): Promise<{ seconds: number; code: number }> {
  const started = performance.now();
  const output = openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', output, 'inherit'], env: process.env });
    child.on('exit', (code) => {
      closeSync(output);
      resolve({ seconds: (performance.now() - started) / 1000, code: code ?? 1 });
    });
  });
}

/** What a failed suite's report says failed: its failing tests and the runner's summary line. */
function failures(log: string): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((line) => line.includes('✖') || /^# .*(failed|never ran|uncaught|unhandled)/i.test(line))
    .slice(0, 40);
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'credimo-bench-tests-'));
  const files: FileTime[] = [];
  try {
    const fresh = process.argv.includes('--fresh');
    const tree = fresh ? path.join(work, 'clone') : root;
    if (fresh) cloneMainInstalled(tree);
    const jestReport = path.join(work, 'jest.json');
    // Jest's transform cache lives outside the tree: a fresh run starts from an empty one of its own.
    const cache = fresh ? [`--cacheDirectory=${path.join(work, 'jest-cache')}`] : [];
    const jest = await run(
      'npx',
      ['jest', '--json', `--outputFile=${jestReport}`, ...cache],
      tree,
      path.join(work, 'jest.log'),
    );
    const jestResults = JSON.parse(readFileSync(jestReport, 'utf8')) as {
      numTotalTests: number;
      testResults: Array<{ name: string; startTime: number; endTime: number }>;
    };
    for (const result of jestResults.testResults) {
      files.push({ suite: 'jest', file: result.name, seconds: (result.endTime - result.startTime) / 1000 });
    }

    // The runner keeps each file's time of its last run, which is this one.
    const apiLog = path.join(work, 'api.log');
    const api = await run('node', ['--import', 'tsx', 'test/run.ts'], path.join(tree, 'api'), apiLog);
    if (api.code !== 0) console.log(`API suite failed:\n${failures(apiLog).join('\n')}`);
    const apiDurations = JSON.parse(
      readFileSync(path.join(tree, 'node_modules/.cache/credimo/api-test-durations.json'), 'utf8'),
    ) as Record<string, number>;
    for (const [file, ms] of Object.entries(apiDurations)) {
      files.push({ suite: 'api', file: path.join(tree, 'api/test', file), seconds: ms / 1000 });
    }

    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    if (fresh)
      console.log(
        `a fresh clone of main at ${execSync('git rev-parse --short HEAD', { cwd: tree }).toString().trim()}`,
      );
    console.log(`jest: ${jest.seconds.toFixed(1)} s (${jestResults.numTotalTests} tests, exit ${jest.code})`);
    console.log(`API on ${database}: ${api.seconds.toFixed(1)} s (exit ${api.code})`);
    console.log('\nslowest files (time inside the file; the API suite runs files side by side):');
    for (const entry of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      console.log(`  ${entry.seconds.toFixed(1).padStart(6)} s  ${entry.suite}  ${path.relative(tree, entry.file)}`);
    }
    const ok = report('npm test', [
      { name: 'jest + API', value: jest.seconds + api.seconds, budget: budgets.time.npmTestSeconds, unit: 's' },
    ]);
    if (!ok || jest.code !== 0 || api.code !== 0) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
