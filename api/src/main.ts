import { buildApp } from './app';
import { ConfigError, readConfig } from './config';
import { DatabaseUnavailableError, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { smsProviderFor } from './providers';

/** Faults an operator can fix get one clear line and a non-zero exit, never a stack trace. */
function fail(message: string): never {
  console.error(`credimo-api: ${message}`);
  process.exit(1);
}

async function main() {
  const config = readConfig();
  const database = await openDatabase(config);
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database, sms: smsProviderFor(config, database.db) }, { workers: true });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
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
