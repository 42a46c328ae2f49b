/**
 * `npm run bench:long-tasks`: where a customer page's total blocking time goes. Loads a page of the
 * built app (`npm run build` first) in Chromium at 4x CPU slowdown, as Lighthouse's mobile preset does, with
 * Chromium's trace and the V8 sampling profiler on, then prints each long task of the page's main thread (over
 * 50 ms): when it ran, how long, its largest trace events (script evaluation, layout...) and the functions
 * most sampled in it. The customer is signed in and registered; LONG_TASKS_PATH picks the page (default
 * /account), LONG_TASKS_LOAN=1 gives the customer a loan in service first. Numbers only, no pass or fail: it
 * is how the money formatter's Intl cost was found (docs/performance-log.md).
 */

import { launchChromium } from '../../e2e/src/browser';
import { activeLoanThroughApi } from '../../e2e/src/loan';
import { stackPorts } from '../../e2e/src/ports';
import { completeRegistration, signInThroughApi } from '../../e2e/src/session';
import { startStack } from '../../scripts/stack';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    name?: string;
    data?: Record<string, unknown> & { url?: string; cpuProfile?: CpuProfile; timeDeltas?: number[] };
  };
}
interface CpuProfile {
  nodes?: Array<{ id: number; callFrame: { functionName: string; url?: string } }>;
  samples?: number[];
}

const LONG_TASK_US = 50_000;
/** How long after the page's load event the trace goes on (the remotes, the customer's calls, React). */
const SETTLE_MS = 6_000;

const fileOf = (url: unknown) =>
  String(url ?? '')
    .split('/')
    .pop() ?? '';

/** The renderer's main thread: of the threads named CrRendererMain, the one with the most task time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const renderers = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'RunTask' && renderers.has(key)) busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [key] = [...busy.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['0:0'];
  const [pid = 0, tid = 0] = key.split(':').map(Number);
  return { pid, tid };
}

/** The profiler's samples as (time, function) pairs. */
function samplesOf(events: TraceEvent[], pid: number): Array<{ ts: number; fn: string }> {
  const names = new Map<number, string>();
  const samples: Array<{ ts: number; fn: string }> = [];
  let clock = 0;
  const pending: Array<{ ts: number; node: number }> = [];
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') clock = Number(e.args?.data?.startTime ?? 0);
    if (e.name !== 'ProfileChunk') continue;
    const profile = e.args?.data?.cpuProfile;
    for (const node of profile?.nodes ?? []) {
      names.set(node.id, `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node.callFrame.url)}`.trim());
    }
    const deltas = e.args?.data?.timeDeltas ?? [];
    (profile?.samples ?? []).forEach((node, index) => {
      clock += deltas[index] ?? 0;
      pending.push({ ts: clock, node });
    });
  }
  for (const { ts, node } of pending) samples.push({ ts, fn: names.get(node) ?? '?' });
  return samples;
}

function top(counts: Map<string, number>, n: number, unit: string): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, value]) => `${name} ${Math.round(value)}${unit}`)
    .join(' | ');
}

function report(events: TraceEvent[]): void {
  const { pid, tid } = mainThread(events);
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const start = Math.min(...main.map((e) => e.ts));
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_TASK_US);
  const samples = samplesOf(events, pid);
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    blocking += ((task.dur ?? 0) - LONG_TASK_US) / 1000;
    const inside = new Map<string, number>();
    for (const e of main) {
      if (e === task || e.ts < task.ts || e.ts >= end || (e.dur ?? 0) < 3_000) continue;
      if (
        ![
          'EvaluateScript',
          'v8.compile',
          'FunctionCall',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'MinorGC',
          'MajorGC',
          'Paint',
        ].includes(e.name)
      )
        continue;
      const label = e.args?.data?.url ? `${e.name} ${fileOf(e.args.data.url)}` : e.name;
      inside.set(label, Math.max(inside.get(label) ?? 0, (e.dur ?? 0) / 1000));
    }
    const sampled = new Map<string, number>();
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts >= end || sample.fn.startsWith('(idle)')) continue;
      sampled.set(sample.fn, (sampled.get(sample.fn) ?? 0) + 1);
    }
    console.log(
      `\n${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  task of ${((task.dur ?? 0) / 1000).toFixed(0)} ms`,
    );
    console.log(`    events:  ${top(inside, 5, ' ms')}`);
    console.log(`    sampled: ${top(sampled, 6, '')}`);
  }
  console.log(
    `\n${tasks.length} long tasks, ${Math.round(blocking)} ms of blocking time (4x CPU, unthrottled network)`,
  );
}

async function main() {
  const stack = await startStack({ env: stackPorts(3650), log: () => {} });
  const browser = await launchChromium();
  try {
    const phone = '612000498';
    const token = await signInThroughApi(stack.urls.api, phone);
    await completeRegistration(stack.urls.api, token, phone);
    if (process.env.LONG_TASKS_LOAN === '1') await activeLoanThroughApi(stack.urls.api, token);
    const path = process.env.LONG_TASKS_PATH ?? '/account';
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addCookies([{ name: 'credimo_access_token', value: token, url: stack.urls.app }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'],
    });
    // No script is put into the page to wait with (it would show in the trace): its load event, then time.
    await page.goto(`${stack.urls.app}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const trace = await browser.stopTracing();
    await context.close();
    console.log(`${path} at 4x CPU slowdown, Chromium's trace`);
    report(JSON.parse(trace.toString()).traceEvents as TraceEvent[]);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
