/**
 * `npm run bench:prices`: the price table against /health on the same API, one after the other, with 50
 * concurrent clients (as a browser asks: gzip accepted). The price table is asked by every WordPress page
 * with a calculator; it must serve at least half of /health's rate.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { testPort } from '../../e2e/src/ports';
import { root } from './budgets';

const PORT = testPort(3890);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** The price table serves at least half of /health's rate. */
const MIN_RATIO = 0.5;

function startApi(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api/src/main.ts')], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      API_PORT: String(PORT),
      PGLITE_DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      // 50 clients from one address asking flat out are far past the per-address limit: raise the limits (as
      // bench:api does), or every answer is a 429 and the rate measures the limiter.
      RATE_LIMIT_FACTOR: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${url}/health`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not answer at ${url}`);
}

async function measure(url: string) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': 'gzip' },
  });
  return { rate: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function main() {
  const api = startApi();
  const base = `http://127.0.0.1:${PORT}`;
  try {
    await waitForHealth(base);
    const json = Buffer.from(await (await fetch(`${base}/v2/products/1/prices`)).arrayBuffer());
    // Warm both routes (JIT, the table's first build), then measure each alone.
    await measure(`${base}/v2/products/1/prices`);
    const health = await measure(`${base}/health`);
    const prices = await measure(`${base}/v2/products/1/prices`);
    console.log(`\nPrice table vs /health (${CONNECTIONS} clients, ${SECONDS} s each, gzip accepted)`);
    for (const [name, row] of [
      ['/health', health],
      ['/v2/products/1/prices', prices],
    ] as const)
      console.log(
        `  ${name.padEnd(24)} ${row.rate.toFixed(0).padStart(6)} req/s   p99 ${String(row.p99).padStart(4)} ms   errors ${row.errors}`,
      );
    const ratio = prices.rate / health.rate;
    console.log(`  price table / health      ${ratio.toFixed(2)}  (at least ${MIN_RATIO})`);
    console.log(
      `  price table body          ${(json.length / 1024).toFixed(1)} KB JSON, ${(gzipSync(json).length / 1024).toFixed(2)} KB gzipped (at most 8)`,
    );
    if (ratio < MIN_RATIO || prices.errors > 0) process.exitCode = 1;
  } finally {
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
