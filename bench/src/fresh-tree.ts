import { execSync } from 'node:child_process';
import { root } from './budgets';

/** The committed main cloned into `folder` (new or empty) and installed by `npm ci`: the tree a new user has. */
export function cloneMainInstalled(folder: string): void {
  execSync(`git clone --quiet ${root} ${folder}`, { stdio: 'inherit' });
  execSync('npm ci --no-audit --no-fund --loglevel=error', { cwd: folder, stdio: 'inherit' });
}
