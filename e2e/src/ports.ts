import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLITE_TEMPLATE_VARIABLE } from '../../api/test/template';

/**
 * Shifts every port a test or bench takes, so two checkouts on one machine can run their suites side by side
 * (`E2E_PORT_OFFSET=100 npm run test:e2e`).
 */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

/**
 * A PGlite folder of a test's own, for a test that reads or reopens it: a copy of the runner's migrated template
 * inside the run's own folder (so the API opening it neither runs initdb nor migrates, several CPU seconds each
 * time), or, run alone, an empty folder. The test removes it.
 */
export function freshDataFolder(name: string): string {
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  const folder = mkdtempSync(path.join(template ? path.dirname(template) : os.tmpdir(), `credimo-e2e-${name}-`));
  if (template) cpSync(path.join(template, 'data'), folder, { recursive: true });
  return folder;
}

/** Under the runner a copy of its template folder (removed with the run's folder), else memory://. */
const freshDataDir = (): string => (process.env[PGLITE_TEMPLATE_VARIABLE] ? freshDataFolder('stack') : 'memory://');

/** A fixed port of a suite, moved by the offset. */
export const testPort = (port: number) => port + PORT_OFFSET;

/**
 * Each e2e suite starts its own stack on its own ports, away from a developer's running `npm start`, on a database
 * of its own: under the runner a copy of the run's migrated template folder, on its own an empty one in memory; or
 * the folder a test keeps (`freshDataFolder`), so no copy is made for nothing.
 */
export function stackPorts(requestedBase: number, dataDir: string = freshDataDir()): NodeJS.ProcessEnv {
  const base = testPort(requestedBase);
  return {
    APP_PORT: String(base),
    REMOTES_PORT: String(base + 1),
    API_PORT: String(base + 10),
    PGLITE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    CORS_ORIGINS: `http://localhost:${base}`,
  };
}
