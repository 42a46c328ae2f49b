import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BUNDLE_VARIABLE, bundleApi } from '../api/test/api-bundle';
import { reapedChildrenCpuMs } from '../api/test/cpu';
import { fileDurations } from '../api/test/file-durations';
import { PGLITE_TEMPLATE_VARIABLE, TEST_SHARED_BUFFERS, writePgliteTemplate } from '../api/test/template';
import { PORT_OFFSET } from './src/ports';

/**
 * Runs the browser test files in lanes side by side (E2E_CONCURRENCY, 2 by default), the slowest of the last run
 * first. Each file still starts its own stack, browser and WordPress; a lane moves every port its files take by ten
 * thousand (E2E_PORT_OFFSET), so files of two lanes never meet on a port. Much of a browser test is waiting
 * for a page, a sandbox provider or a poll: a second lane fills that time. A file's report is printed whole when it
 * ends; `npm run test:e2e -- tests/account.test.ts` runs some files.
 */
const e2eFolder = __dirname;
const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const nodeFlags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
// A test that waits for ever fails after ten minutes instead of holding the run until CI's limit.
if (!nodeFlags.some((flag) => flag.startsWith('--test-timeout'))) nodeFlags.push('--test-timeout=600000');
const files = requested.length
  ? requested.map((file) => path.resolve(file))
  : readdirSync(path.join(e2eFolder, 'tests'))
      .filter((name) => name.endsWith('.test.ts'))
      .sort()
      .map((name) => path.join(e2eFolder, 'tests', name));
const lanes = Math.max(1, Math.min(Number(process.env.E2E_CONCURRENCY) || 2, files.length));

// How long each file took last time, so the longest start first.
const durations = fileDurations(
  path.join(e2eFolder, '..', 'node_modules', '.cache', 'credimo', 'e2e-durations.json'),
  path.join(e2eFolder, 'file-durations.json'),
);
const queue = durations.slowestFirst(files);
const failed: string[] = [];

// As the API tests have: one migrated database for the run, whose folder each stack's API starts on a copy of
// (`stackPorts`) instead of running initdb and every migration, on the tests' small buffer pool; and one bundle of
// the API that every stack and operator command starts from instead of loading the source through tsx.
const workFolder = mkdtempSync(path.join(tmpdir(), 'credimo-e2e-'));
// Inside the repository, so the bundle's packages resolve from its node_modules.
const bundleFolder = path.join(e2eFolder, '..', 'node_modules', '.cache', 'credimo', `e2e-api-bundle-${process.pid}`);
const templateEnv: NodeJS.ProcessEnv = {
  [PGLITE_TEMPLATE_VARIABLE]: path.join(workFolder, 'pglite-template'),
  [API_BUNDLE_VARIABLE]: bundleFolder,
  PGLITE_SHARED_BUFFERS: TEST_SHARED_BUFFERS,
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The CPU each file used, its browser, stack and WordPress included. Where the runner may make cgroups (root on
 * Linux, as CI runs), the file's processes run in a cpuacct group of their own, which counts every process they
 * start, even those that outlive their parent (Chromium's renderers are reaped by init when the browser closes).
 * Elsewhere it is what the runner's reaped children used since the last file ended, which misses those. On two
 * cores the CPU, not the clock, bounds a run.
 */
const CPU_GROUPS = '/sys/fs/cgroup/cpuacct';
const cpuByFile = new Map<string, number>();
let reapedSoFar = 0;

/** What the runner's reaped children used since the last file ended. */
function reapedSinceLastFile(): number {
  const reaped = reapedChildrenCpuMs();
  const used = reaped - reapedSoFar;
  reapedSoFar = reaped;
  return used;
}

function cpuMeterFor(pid: number | undefined): () => number {
  const group = path.join(CPU_GROUPS, `credimo-e2e-${process.pid}-${pid}`);
  try {
    mkdirSync(group);
    writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  } catch {
    return reapedSinceLastFile;
  }
  return () => {
    const reaped = reapedSinceLastFile();
    try {
      return Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8')) / 1e6;
    } catch {
      // The group is gone (another run removed it once it was empty): the reaped children are what is known.
      return reaped;
    }
  };
}

/**
 * Removes the runs' groups that no process is left in: this run's, and an earlier run's whose last process (a crash
 * handler Chromium leaves behind for a while) has since ended. A group that still holds one stays.
 */
function removeEmptyCpuGroups(): void {
  let groups: string[] = [];
  try {
    groups = readdirSync(CPU_GROUPS).filter((name) => name.startsWith('credimo-e2e-'));
  } catch {
    return;
  }
  for (const group of groups) {
    try {
      rmdirSync(path.join(CPU_GROUPS, group));
    } catch {
      // not empty yet
    }
  }
}

function runFile(file: string, lane: number): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...nodeFlags, file], {
      cwd: e2eFolder,
      env: { ...process.env, ...templateEnv, E2E_PORT_OFFSET: String(PORT_OFFSET + lane * 10_000) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const cpuOfFile = cpuMeterFor(child.pid);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code, signal) => {
      const ms = performance.now() - started;
      const cpuMs = cpuOfFile();
      cpuByFile.set(path.relative(e2eFolder, file), cpuMs);
      durations.record(file, ms);
      const passed = code === 0 && !signal;
      if (!passed) failed.push(path.basename(file));
      console.log(
        `\n### ${path.relative(e2eFolder, file)}: ${passed ? 'passed' : 'FAILED'} in ${seconds(ms)}, CPU ${seconds(cpuMs)} (lane ${lane + 1})`,
      );
      console.log(output.trimEnd());
      resolve();
    });
  });
}

async function lane(index: number): Promise<void> {
  for (let file = queue.shift(); file; file = queue.shift()) await runFile(file, index);
}

async function main(): Promise<void> {
  const started = performance.now();
  process.on('SIGINT', () => {}); // Ctrl+C reaches the files through the terminal; each stops its own stack
  try {
    await Promise.all([bundleApi(bundleFolder), writePgliteTemplate(templateEnv[PGLITE_TEMPLATE_VARIABLE] as string)]);
    console.log(`# API bundled and PGlite template migrated in ${seconds(performance.now() - started)}`);
    removeEmptyCpuGroups();
    reapedSoFar = reapedChildrenCpuMs();
    await Promise.all(Array.from({ length: lanes }, (_, index) => lane(index)));
  } finally {
    removeEmptyCpuGroups();
    rmSync(workFolder, { recursive: true, force: true });
    rmSync(bundleFolder, { recursive: true, force: true });
  }
  durations.save();
  const dearest = [...cpuByFile].sort((a, b) => b[1] - a[1]);
  console.log(`\n# CPU in the files: ${seconds(dearest.reduce((sum, [, ms]) => sum + ms, 0))}; the most:`);
  for (const [file, ms] of dearest.slice(0, 10)) console.log(`#   ${seconds(ms).padStart(8)}  ${file}`);
  console.log(
    `\n# ${files.length} browser test files in ${seconds(performance.now() - started)} on ${lanes} lanes` +
      (failed.length ? `; failed: ${failed.join(', ')}` : '; all passed'),
  );
  process.exit(failed.length ? 1 : 0);
}

void main();
