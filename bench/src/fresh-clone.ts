/**
 * `npm run bench:fresh`: what a new user lives through. Clones the committed main into a temporary folder,
 * runs `npm ci && npm start` there on its own ports, and times until the shell serves its page.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { budgets, report } from './budgets';
import { cloneMainInstalled } from './fresh-tree';

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'credimo-fresh-'));
  const started = Date.now();
  try {
    cloneMainInstalled(dir);
    const installed = (Date.now() - started) / 1000;
    const env = { ...process.env, APP_PORT: '3700', REMOTES_PORT: '3701', API_PORT: '3710', CI: 'true' };
    const child = spawn('npm', ['start'], { cwd: dir, env, stdio: 'ignore', detached: true });
    try {
      await waitFor('http://127.0.0.1:3700/', child, budgets.time.freshCloneToShellSeconds * 2000);
    } finally {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    }
    const total = (Date.now() - started) / 1000;
    const ok = report('Fresh clone to a served shell', [
      { name: 'git clone + npm ci', value: installed, unit: 's' },
      {
        name: 'git clone + npm ci + npm start (shell serving)',
        value: total,
        budget: budgets.time.freshCloneToShellSeconds,
        unit: 's',
      },
    ]);
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
