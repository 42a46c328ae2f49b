/**
 * `npm start`: builds what is missing and starts the API, the four remotes and the shell.
 * `npm run dev`: the same with webpack in watch mode (development builds).
 */
import webpack from 'webpack';
import { APPS, createConfig } from '../webpack.config';
import { type Stack, StartError, startStack } from './stack';

async function watchAll(): Promise<void> {
  const compiler = webpack(APPS.map((app) => createConfig(app, { mode: 'development' })));
  await new Promise<void>((resolve) => {
    let first = true;
    compiler.watch({}, (error, stats) => {
      if (error) console.error(error.message);
      else if (stats?.hasErrors()) console.error(stats.toString({ all: false, errors: true }));
      else console.log('rebuilt');
      if (first) {
        first = false;
        resolve();
      }
    });
  });
}

/** Everything stops within this; past it the product is killed rather than left half-running. */
const STOP_BUDGET_MS = 10_000;

/** What stops the product: Ctrl+C, `kill`/docker/systemd/CI (SIGTERM), a closed terminal (SIGHUP). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main() {
  let stack: Stack | null = null;
  let stopping = false;
  const stopAll = async (reason: string, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    console.log(`credimo: stopping (${reason})`);
    setTimeout(() => {
      console.error(`credimo: not stopped after ${STOP_BUDGET_MS / 1000} s; exiting anyway`);
      process.exit(1);
    }, STOP_BUDGET_MS).unref();
    await stack?.stop();
    process.exit(exitCode);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, () => void stopAll(signal, 0));
  watchParent(() => void stopAll('the process that started it exited', 0));

  if (process.argv.includes('--dev')) await watchAll();
  stack = await startStack({
    // A child that dies takes the rest down: never a half-running product.
    onChildExit: (line) => {
      console.error(`credimo: ${line}; stopping the rest`);
      void stopAll('a child exited', 1);
    },
  });
  // A signal during start-up (build, migrations) stops as soon as there is something to stop.
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  console.log(`
Credimo is running:
  customer app         ${stack.urls.app}
  API                  ${stack.urls.api}  (OpenAPI: ${stack.urls.api}/v2/openapi.json)
${Object.entries(stack.urls.remotes)
  .map(([name, url]) => `  ${`remote ${name}`.padEnd(20)} ${url}`)
  .join('\n')}
Press Ctrl+C to stop.`);
}

/**
 * `npm start` runs npm -> node (the script `exec`s node): npm relays SIGINT and SIGTERM but not SIGHUP, and dies
 * of it. If whatever started us goes away (re-parenting changes our ppid), stop as if signalled.
 */
function watchParent(onOrphaned: () => void): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) onOrphaned();
  }, 500).unref();
}

main().catch((error: unknown) => {
  console.error(error instanceof StartError ? `credimo: ${error.message}` : error);
  process.exit(1);
});
