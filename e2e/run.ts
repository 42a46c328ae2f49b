import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BUNDLE_VARIABLE, bundleApi } from '../api/test/api-bundle';
import { fileDurations } from '../api/test/file-durations';
import { type FileWorker, startFileWorker } from '../api/test/file-workers';
import { PGLITE_TEMPLATE_VARIABLE, TEST_SHARED_BUFFERS, writePgliteTemplate } from '../api/test/template';
import { SHARED_BROWSER_VARIABLE } from './src/lane-env';
import { PORT_OFFSET } from './src/ports';

/**
 * Runs the browser test files in lanes side by side (E2E_CONCURRENCY, 2 by default), the slowest of the last run
 * first. A lane is one worker process (`lane.ts`) that takes the next file when its last one ends: node, tsx,
 * Playwright and the stack's code load once per lane, and the lane's files share one browser, each in contexts of
 * its own. Each file still starts its own stack and WordPress; a lane moves every port its files take by ten
 * thousand (E2E_PORT_OFFSET), so files of two lanes never meet on a port. Much of a browser test is waiting
 * for a page, a sandbox provider or a poll: a second lane fills that time. A line per file shows the progress;
 * each lane's report is printed whole when the run ends. `npm run test:e2e -- tests/account.test.ts` runs some
 * files.
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
 * The CPU each file used, its stack, WordPress and its share of the lane's browser included. Where the runner may
 * make cgroups (root on Linux, as CI runs), each lane runs in a cpuacct group of its own, which counts every
 * process the lane starts, even those it never reaps (Chromium's renderers): a file's CPU is what its lane's group
 * used while it ran. Elsewhere it is what the lane's worker counted: its own threads and the processes it reaped,
 * which misses those. On two cores the CPU, not the clock, bounds a run.
 */
const CPU_GROUPS = '/sys/fs/cgroup/cpuacct';
const cpuByFile = new Map<string, number>();

/** The CPU used so far by the lane whose worker is `pid` and by everything it started, in ms; null without a group. */
function laneCpuMeter(pid: number | undefined): () => number | null {
  const group = path.join(CPU_GROUPS, `credimo-e2e-${process.pid}-${pid}`);
  try {
    mkdirSync(group);
    writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  } catch {
    return () => null;
  }
  return () => {
    try {
      return Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8')) / 1e6;
    } catch {
      return null;
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

function startLane(index: number): FileWorker {
  const log = path.join(workFolder, `lane-${index + 1}.log`);
  let cpuOfLane: () => number | null = () => null;
  let cpuAtLastFile = 0;
  const worker = startFileWorker({
    script: 'lane.ts',
    cwd: e2eFolder,
    log,
    env: {
      ...templateEnv,
      [SHARED_BROWSER_VARIABLE]: '1',
      E2E_PORT_OFFSET: String(PORT_OFFSET + index * 10_000),
    },
    nodeFlags,
    next: () => queue.shift(),
    onDone: ({ file, ms, cpuMs: ownAndReaped }) => {
      // The lane's group counts the browser's renderers too, which the worker never reaps.
      const laneCpu = cpuOfLane();
      const cpuMs = laneCpu === null ? ownAndReaped : laneCpu - cpuAtLastFile;
      cpuAtLastFile = laneCpu ?? 0;
      cpuByFile.set(path.relative(e2eFolder, file), cpuMs);
      durations.record(file, ms);
      console.log(`· ${path.relative(e2eFolder, file)} (${seconds(ms)}, CPU ${seconds(cpuMs)}, lane ${index + 1})`);
    },
    onFailed: (file) => failed.push(file),
  });
  cpuOfLane = laneCpuMeter(worker.pid);
  return worker;
}

async function main(): Promise<void> {
  const started = performance.now();
  process.on('SIGINT', () => {}); // Ctrl+C reaches the files through the terminal; each stops its own stack
  try {
    await Promise.all([bundleApi(bundleFolder), writePgliteTemplate(templateEnv[PGLITE_TEMPLATE_VARIABLE] as string)]);
    console.log(`# API bundled and PGlite template migrated in ${seconds(performance.now() - started)}`);
    removeEmptyCpuGroups();
    const workers = Array.from({ length: lanes }, (_, index) => startLane(index));
    const exitCodes = await Promise.all(workers.map((worker) => worker.exited));
    if (queue.length) failed.push(`${queue.length} files never ran`);
    else if (exitCodes.some((code) => code !== 0) && !failed.length) failed.push('a lane that ended in error');
    for (const [index, worker] of workers.entries()) {
      console.log(`\n### lane ${index + 1} of ${workers.length}`);
      try {
        console.log(readFileSync(worker.log, 'utf8').trimEnd());
      } catch {
        console.log('(no report: the lane stopped before its first file)');
      }
    }
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
