import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { apiEntryArguments } from './api-bundle.js';
import type { TestApi } from './harness.js';

/**
 * Runs `npm run ops -- …` as an operator types it, as its own process: no PostgreSQL and no operator secret unless
 * `env` gives them, and files read from `cwd`.
 */
export function runOpsCli(env: NodeJS.ProcessEnv, args: readonly string[], cwd?: string) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [...apiEntryArguments('ops'), ...args], {
      cwd,
      env: { ...process.env, DATABASE_URL: '', OPERATOR_SECRET: '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const refusesConnections = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

/**
 * A port where nothing answers, and where no test's server can start meanwhile: below 1024, out of the range the
 * system hands `freePort` from. A free port from `freePort` may be taken by another file's API a moment later,
 * and a command that was meant to find no API then finds one.
 */
export async function unservedPort(): Promise<number> {
  for (let port = 1023; port >= 900; port--) if (await refusesConnections(port)) return port;
  throw new Error('no port below 1024 refuses connections on this machine');
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `api/src/main.ts` as its own process, as `npm start` does, and waits until it answers /health (a busy 2-core machine may take a minute and more to load and migrate it). */
export async function startApiProcess(env: NodeJS.ProcessEnv, startSeconds = 120): Promise<ApiProcess> {
  const port = Number(env.API_PORT) || (await freePort());
  const child = spawn(process.execPath, apiEntryArguments('main'), {
    // CREDIMO_PARENT_PID: the API stops itself if this test process dies without stopping it (a killed runner).
    env: {
      ...process.env,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      CREDIMO_PARENT_PID: String(process.pid),
      ...env,
      API_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startSeconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API exited:\n${output}`);
    const answer = await fetch(`${url}/health`).catch(() => null); // null: not listening yet
    if (answer?.ok) return { child, url, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not answer within ${startSeconds} s:\n${output}`);
}

/** Stops it as an operator would (SIGTERM) and returns how it ended. */
export async function stopApiProcess(api: ApiProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill(signal);
  return api.exited;
}

/** The test API's request helper over a spawned process, for the origination path's helper. */
export function overHttp(baseUrl: string): TestApi {
  const request: TestApi['request'] = async (method, url, init = {}) => {
    const hasBody = init.body !== undefined;
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: hasBody ? JSON.stringify(init.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  return { request, baseUrl } as TestApi;
}

/** The customer's GET /v2/loan from a spawned API; anything but a 200 fails the test. */
export async function loanOf<Loan>(baseUrl: string, headers: Record<string, string>): Promise<Loan> {
  const answer = await fetch(`${baseUrl}/v2/loan`, { headers });
  if (answer.status !== 200) throw new Error(`GET /v2/loan answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as Loan;
}
