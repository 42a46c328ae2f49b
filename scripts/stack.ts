/**
 * The whole product on one machine: the API (child process), each remote on its own server, and the shell.
 * Used by `npm start`, `npm run dev` and the browser tests, so they all start it the same way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { bundledEntryArguments } from '../api/test/api-bundle';
import { firstLoadLinks } from '../shell/server/first-load';
import { paintFirstScreen } from '../shell/server/first-paint';
import { aggregationPolicyOf } from '../shell/server/security-headers';
import { startStaticServer } from '../shell/server/static-server';
import { type AppName, distDir, REMOTES, type RemoteApp } from './apps';

const root = path.resolve(__dirname, '..');

export interface StackOptions {
  env?: NodeJS.ProcessEnv;
  /** Serve these remotes from a folder with no files, to see the fallback (browser tests). */
  brokenRemotes?: RemoteApp[];
  /** Serve this instead of the generated /config.json (browser tests of a malformed config). */
  configOverride?: unknown;
  startApi?: boolean;
  /** Serve the shell from this folder instead of dist/shell (browser tests of a build made with other options). */
  shellDir?: string;
  log?: (line: string) => void;
  /**
   * Called once if the API exits on its own (a crash, a port taken later): the caller must stop the rest,
   * never leave a half-running product. Default: log the line.
   */
  onChildExit?: (line: string) => void;
}

export interface Stack {
  urls: { app: string; api: string; remotes: Record<RemoteApp, string> };
  stop: () => Promise<void>;
}

export class StartError extends Error {}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new StartError(`${name} must be a port number`);
  return value;
}

export function readPorts(env: NodeJS.ProcessEnv) {
  const remotesBase = port(env, 'REMOTES_PORT', 3001);
  return {
    app: port(env, 'APP_PORT', 3000),
    api: port(env, 'API_PORT', 8080),
    remote: (remote: RemoteApp) => remotesBase + REMOTES.indexOf(remote),
  };
}

const isBuilt = (app: AppName) =>
  existsSync(path.join(distDir(app), app === 'shell' ? 'index.html' : 'mf-manifest.json'));

/** Builds the apps whose output is missing; a fresh clone builds everything once. */
export async function buildMissing(log: (line: string) => void): Promise<void> {
  const missing = (['shell', ...REMOTES] as AppName[]).filter((app) => !isBuilt(app));
  if (missing.length === 0) return;
  log(`Building ${missing.join(', ')} (first start only)...`);
  // Loaded only here: webpack and its plugins are seconds of CPU that a stack whose apps are built never needs.
  const { build } = await import('./build');
  const { seconds } = await build(missing);
  log(`Built in ${seconds.toFixed(1)} s`);
}

/** Starts a server, turning a port already in use into one clear line for the person starting it. */
export async function listen(name: string, portNumber: number, start: () => Promise<FastifyInstance>) {
  try {
    return await start();
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new StartError(`port ${portNumber} (${name}) is already in use; stop the other process or change ${name}`);
    }
    throw error;
  }
}

const describeExit = (code: number | null, signal: NodeJS.Signals | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`;

async function waitForHealth(url: string, api: ChildProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (api.exitCode !== null || api.signalCode !== null) {
      throw new StartError(`the API ${describeExit(api.exitCode, api.signalCode)} during start-up`);
    }
    try {
      const response = await fetch(`${url}/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StartError(`the API was not ready at ${url}/ready within ${timeoutMs / 1000} s`);
}

/**
 * How the API starts: its source through tsx, or, under the browser tests' runner, the bundle of it the runner made
 * once for the run (`api/test/api-bundle.ts`), which spares every stack loading each source file through tsx.
 */
function apiCommand(env: NodeJS.ProcessEnv): string[] {
  return bundledEntryArguments('main', env) ?? ['--import', 'tsx', path.join(root, 'api/src/main.ts')];
}

function startApi(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, apiCommand(env), {
    cwd: path.join(root, 'api'),
    // The API stops itself if this process dies without stopping it (see api/src/main.ts).
    env: { ...env, CREDIMO_PARENT_PID: String(process.pid) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** The API gets this long to finish requests in flight and close the database before it is killed. */
const API_STOP_MS = 9_000;

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const forced = setTimeout(() => child.kill('SIGKILL'), API_STOP_MS);
  await exited;
  clearTimeout(forced);
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = { ...process.env, ...options.env };
  const log = options.log ?? ((line: string) => console.log(line));
  const ports = readPorts(env);
  const host = env.HOST || '127.0.0.1';
  const apiUrl = env.PUBLIC_API_URL || `http://localhost:${ports.api}`;
  const appUrl = env.PUBLIC_APP_URL || `http://localhost:${ports.app}`;
  const remoteUrls = Object.fromEntries(
    REMOTES.map((remote) => [
      remote,
      env[`REMOTE_${remote.toUpperCase()}_URL`] || `http://localhost:${ports.remote(remote)}/mf-manifest.json`,
    ]),
  ) as Record<RemoteApp, string>;
  const servers: FastifyInstance[] = [];
  let api: ChildProcess | null = null;

  let stopping = false;
  let running = false;
  const stop = async () => {
    stopping = true;
    await Promise.all([...servers.map((server) => server.close()), api ? stopChild(api) : undefined]);
  };

  try {
    await buildMissing(log);
    if (options.startApi !== false) {
      // The app's address the API sends browsers back to (payment checkouts) is this stack's app.
      api = startApi({ ...env, API_PORT: String(ports.api), PUBLIC_APP_URL: appUrl });
      const child = api;
      child.once('exit', (code, signal) => {
        // During start-up the failure is reported by startStack's own error.
        if (stopping || !running) return;
        (options.onChildExit ?? log)(`the API (pid ${child.pid}) ${describeExit(code, signal)}`);
      });
      // A busy machine (CI sharing its cores) may need longer than the default 90 s: API_START_SECONDS.
      await waitForHealth(`http://127.0.0.1:${ports.api}`, api, (Number(env.API_START_SECONDS) || 90) * 1000);
    }
    for (const remote of REMOTES) {
      const broken = options.brokenRemotes?.includes(remote);
      const rootDir = broken ? path.join(root, 'dist/.missing', remote) : distDir(remote);
      const remotePort = ports.remote(remote);
      servers.push(
        await listen('REMOTES_PORT', remotePort, () =>
          startStaticServer({
            root: rootDir,
            port: remotePort,
            host,
            allowAnyOrigin: true,
            https: remoteUrls[remote].startsWith('https:'),
          }),
        ),
      );
    }
    // Further APIs a page address (apiurl, apiwpurl) or the developer menu may switch to: none unless named.
    const apiUrlAllowList = (env.API_URL_ALLOW_LIST ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean);
    const config = options.configOverride ?? {
      apiBaseUrl: apiUrl,
      wpBaseUrl: env.PUBLIC_WP_URL || apiUrl,
      remotes: remoteUrls,
      ...(apiUrlAllowList.length ? { apiUrlAllowList } : {}),
      ...(env.RECAPTCHA_SITE_KEY ? { recaptchaSiteKey: env.RECAPTCHA_SITE_KEY } : {}),
    };
    servers.push(
      await listen('APP_PORT', ports.app, () =>
        startStaticServer({
          root: options.shellDir ?? distDir('shell'),
          port: ports.app,
          host,
          spaFallback: true,
          json: { '/config.json': config },
          // The first screen's remote is asked for with the page, not after the shell and /config.json.
          headFor: (pathname) => firstLoadLinks(pathname, remoteUrls, apiUrl),
          // The first screen's frame and heading are painted from the page itself, the account's cards from the
          // customer's data, asked of the API on this machine (LCP).
          firstPaint: (html, request) =>
            paintFirstScreen(
              html,
              request,
              env.API_INTERNAL_URL || apiUrl,
              Number(env.ACCOUNT_PAINT_TIMEOUT_MS) || undefined,
            ),
          // The page's CSP allows exactly the addresses the config names (an override in tests: the defaults).
          appPolicy: {
            remotes: Object.values(remoteUrls),
            apiUrl,
            contentUrl: env.PUBLIC_WP_URL || apiUrl,
            alternativeApis: apiUrlAllowList,
            https: (env.PUBLIC_APP_URL ?? '').startsWith('https:'),
            aggregation: aggregationPolicyOf(env, apiUrl),
            // A real reCAPTCHA key lets Google's script and frame in; a sandbox one keeps the policy as strict.
            recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || undefined,
          },
        }),
      ),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  running = true;
  return { urls: { app: appUrl, api: apiUrl, remotes: remoteUrls }, stop };
}
