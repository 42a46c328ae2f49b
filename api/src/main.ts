import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { trackUnusedConnections } from './http/unused-connections';
import { smsProviderFor } from './providers';

/** Faults an operator can fix get one clear line and a non-zero exit, never a stack trace. */
function fail(message: string): never {
  console.error(`credimo-api: ${message}`);
  process.exit(1);
}

const STOP_BUDGET_MS = 8_000;

/**
 * Started by `npm start` (CREDIMO_PARENT_PID set), the API never outlives it: if the parent dies without
 * stopping it (SIGKILL, a lost terminal), the API is re-parented and stops itself, freeing the port and the
 * PGlite folder.
 */
function watchParent(onOrphaned: () => void): void {
  const parent = Number(process.env.CREDIMO_PARENT_PID);
  if (!Number.isInteger(parent) || parent <= 0) return;
  setInterval(() => {
    if (process.ppid !== parent) onOrphaned();
  }, 500).unref();
}

async function main() {
  const config = readConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  // Readable lines in a developer's terminal; JSON lines everywhere else (production, files, collectors).
  const prettyLogs = config.providerMode !== 'production' && process.stdout.isTTY === true;
  const app = await buildApp(
    { config, database, sms: smsProviderFor(config, database.db) },
    { workers: true, prettyLogs },
  );
  const unusedConnections = trackUnusedConnections(app.server);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A request that never ends must not keep the port and the database: the stop takes seconds, not forever.
    setTimeout(
      () => fail(`requests still running ${STOP_BUDGET_MS / 1000} s after ${signal}; stopped anyway`),
      STOP_BUDGET_MS,
    ).unref();
    const closed = app.close();
    unusedConnections.destroy();
    await closed;
    await database.close();
    process.exit(0);
  };
  // SIGTERM is what docker stop, systemd and CI timeouts send; SIGHUP a closed terminal: all stop like Ctrl+C.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
  watchParent(() => void shutdown('parent exited'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // The app's job queue and its due check already run: stopped first, they never query a closed database.
    await app.close().catch(() => {});
    await database.close();
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      fail(`port ${config.port} is already in use; stop the other process or set API_PORT`);
    }
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseUnavailableError || error instanceof ConfigError) fail(error.message);
  console.error(error);
  process.exit(1);
});
