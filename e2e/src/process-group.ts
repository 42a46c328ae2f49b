import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live processes of a process group. Zombies are left out: a worker whose parent has exited waits for a
 * reaper (in a container, PID 1 often never comes), holds no port and no file, and still answers kill(-group, 0).
 */
export function liveProcessesInGroup(group: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return groupAnswers(group) ? [group] : []; // no /proc (macOS): the signal test is all there is
  }
  const live: number[] = [];
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid pgrp ...; comm may hold spaces and parentheses, so read after the last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === group && state !== 'Z' && state !== 'X') live.push(Number(pid));
    } catch {
      // gone meanwhile
    }
  }
  return live;
}

function groupAnswers(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}
