import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How long each test file took in the last run, so a runner starts the slowest first and no worker is left with a
 * long file at the end. The last run's times are kept in node_modules/.cache; a clean clone (CI) has none of its
 * own yet and starts from the ones kept in the repository beside the tests. Shared by the API's and the browser
 * tests' runners.
 */
export interface FileDurations {
  /** The files, slowest of the last run first; files never timed go last. */
  slowestFirst(files: readonly string[]): string[];
  record(file: string, ms: number): void;
  /** Keeps this run's times for the next run on this machine. */
  save(): void;
}

export function fileDurations(cacheFile: string, keptFile: string): FileDurations {
  const durations = lastDurations(cacheFile, keptFile);
  const of = (file: string) => durations[path.basename(file)] ?? 0;
  return {
    slowestFirst: (files) => [...files].sort((a, b) => of(b) - of(a)),
    record(file, ms) {
      durations[path.basename(file)] = Math.round(ms);
    },
    save() {
      mkdirSync(path.dirname(cacheFile), { recursive: true });
      writeFileSync(cacheFile, `${JSON.stringify(durations, null, 1)}\n`);
    },
  };
}

function lastDurations(...files: string[]): Record<string, number> {
  for (const file of files) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    } catch {
      // not there: the next one
    }
  }
  return {};
}
