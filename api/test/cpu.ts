import { readFileSync } from 'node:fs';

/**
 * This process's CPU time from Linux's /proc, in ms: its own threads (utime, stime), and the children it has reaped
 * (cutime, cstime), which count their own reaped children in turn. Null elsewhere.
 */
function procSelfCpu(): { own: number; children: number } | null {
  try {
    // Fields 14 to 17 after the command's closing parenthesis: utime, stime, cutime, cstime, in clock ticks.
    const ticks = (readFileSync('/proc/self/stat', 'utf8').split(') ')[1] ?? '').split(' ').slice(11, 15).map(Number);
    const [utime = 0, stime = 0, cutime = 0, cstime = 0] = ticks;
    return { own: (utime + stime) * 10, children: (cutime + cstime) * 10 };
  } catch {
    return null;
  }
}

/**
 * CPU used so far by this process and by the children it has reaped, in ms: the API processes and `npm run ops`
 * that tests start. Where /proc is missing, only this process is counted.
 */
export function cpuMsSoFar(): number {
  const proc = procSelfCpu();
  if (proc) return proc.own + proc.children;
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU used so far by the children this process has reaped, in ms (0 where /proc is missing). */
export const reapedChildrenCpuMs = (): number => procSelfCpu()?.children ?? 0;
