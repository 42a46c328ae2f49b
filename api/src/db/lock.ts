import { randomUUID } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a single-process database: two processes on one folder each keep their own copy of the
 * database in memory and overwrite each other's files (lost writes, then an unreadable folder). So the
 * process that opens a folder holds a lock file inside it, naming its process id; a second opener is
 * refused at once, and a lock left by a process that no longer exists is taken over.
 */

export const LOCK_FILE = 'credimo.lock';

interface LockContent {
  pid: number;
  /** Tells this holder from a later one with the same pid (a restarted container reuses pids). */
  nonce: string;
  since: string;
}

/** The folder is held by a live process: what to do instead is part of the message. */
export class FolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `the PGlite folder ${folder} is in use by process ${holderPid} (PGlite allows one process per folder). ` +
        'Send commands through that process (npm run ops talks to the running API), stop it first, ' +
        'or set PGLITE_DATA_DIR to another folder',
    );
  }
}

export interface FolderLock {
  file: string;
  release: () => void;
}

/** Locks held by this process: opening the same folder twice in one process is refused like any second opener. */
const held = new Map<string, string>();

function readLock(file: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof parsed.pid === 'number' && typeof parsed.nonce === 'string' ? (parsed as LockContent) : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Creates the lock file only if none exists (O_EXCL): of two simultaneous openers exactly one succeeds. */
function create(file: string, content: LockContent): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(content));
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Moves a stale lock aside atomically. If another opener took over between our read and the rename, the
 * file moved is theirs: it is put back (link fails rather than overwrite) and we report the folder as held.
 */
function takeOver(file: string, stale: LockContent | null): boolean {
  const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
  const moved = readLock(aside);
  if (stale && moved?.nonce !== stale.nonce) {
    try {
      linkSync(aside, file);
    } catch {
      // someone else holds it now anyway
    }
    unlinkSync(aside);
    return false;
  }
  unlinkSync(aside);
  return true;
}

const isHeldElsewhere = (content: LockContent | null) =>
  content !== null && content.pid !== process.pid && processAlive(content.pid);

export function lockFolder(folder: string): FolderLock {
  const file = path.join(folder, LOCK_FILE);
  if (held.has(file)) throw new FolderLockedError(folder, process.pid);
  const mine: LockContent = { pid: process.pid, nonce: randomUUID(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (create(file, mine)) {
      held.set(file, mine.nonce);
      const release = () => {
        if (held.get(file) !== mine.nonce) return;
        held.delete(file);
        // Only our own lock is removed: never one a later holder wrote.
        if (readLock(file)?.nonce === mine.nonce) unlinkSync(file);
      };
      process.once('exit', release);
      return {
        file,
        release: () => {
          process.removeListener('exit', release);
          release();
        },
      };
    }
    const current = readLock(file);
    // A lock being written this very instant reads as empty: treat it as held unless it stays empty.
    if (isHeldElsewhere(current)) throw new FolderLockedError(folder, current?.pid ?? 0);
    if (current === null && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      const again = readLock(file);
      if (isHeldElsewhere(again)) throw new FolderLockedError(folder, again?.pid ?? 0);
      if (!takeOver(file, again)) throw new FolderLockedError(folder, readLock(file)?.pid ?? 0);
      continue;
    }
    if (!takeOver(file, current)) throw new FolderLockedError(folder, readLock(file)?.pid ?? 0);
  }
  throw new FolderLockedError(folder, readLock(file)?.pid ?? 0);
}
