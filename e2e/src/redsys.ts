import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

/** The local Redsys (api/src/sandbox/redsys-fake.ts) as a process of its own, on a fixed port. */
export interface FakeRedsysProcess {
  url: string;
  /** The notifications it sent (Ds_Response, and the HTTP status our API answered). */
  notifications: () => Promise<Array<{ order: string; response: string; status: number }>>;
  stop: () => Promise<void>;
}

export async function startFakeRedsys(
  terminal: { merchantCode: string; terminal: string; secretKey: string },
  port: number,
): Promise<FakeRedsysProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.resolve(__dirname, '../../api/src/sandbox/redsys-fake.ts')],
    {
      cwd: path.resolve(__dirname, '../../api'),
      env: {
        ...process.env,
        REDSYS_MERCHANT_CODE: terminal.merchantCode,
        REDSYS_TERMINAL: terminal.terminal,
        REDSYS_SECRET_KEY: terminal.secretKey,
        REDSYS_FAKE_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake Redsys stopped (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const found = /listening at (\S+)/.exec(chunk.toString());
      if (found?.[1]) resolve(found[1]);
    });
  });
  return {
    url,
    notifications: async () => (await (await fetch(`${url}/_fake/seen`)).json()).notifications,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
