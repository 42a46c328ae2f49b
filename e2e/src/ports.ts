import { cpSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { PGLITE_TEMPLATE_VARIABLE } from '../../api/test/template';

/**
 * Shifts every port a test or bench takes, so two checkouts on one machine can run their suites side by side
 * (`E2E_PORT_OFFSET=100 npm run test:e2e`).
 */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

/** A copy of the runner's template folder inside the run's own folder (removed with it), or memory://. */
function freshDataDir(): string {
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!template) return 'memory://';
  const folder = mkdtempSync(path.join(path.dirname(template), 'stack-'));
  cpSync(path.join(template, 'data'), folder, { recursive: true });
  return folder;
}

/** A fixed port of a suite, moved by the offset. */
export const testPort = (port: number) => port + PORT_OFFSET;

/**
 * Each e2e suite starts its own stack on its own ports, away from a developer's running `npm start`, on a database
 * of its own: under the runner a copy of the run's migrated template folder, on its own an empty one in memory.
 */
export function stackPorts(requestedBase: number): NodeJS.ProcessEnv {
  const base = testPort(requestedBase);
  return {
    APP_PORT: String(base),
    REMOTES_PORT: String(base + 1),
    API_PORT: String(base + 10),
    PGLITE_DATA_DIR: freshDataDir(),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    CORS_ORIGINS: `http://localhost:${base}`,
  };
}
