/**
 * Operator commands until the operator console exists (the list is the table in ./commands.ts):
 *   npm run ops -- agent-link <phone> [agent-name]
 *   npm run ops -- admin-link <admin-username> <phone>
 *   npm run ops -- backup <dir> | restore <dir> [--force]  (./backup.ts)
 * The command asks the running API (POST /operator/commands with the operator secret): on PGlite the API is the
 * database's one owner, so that is the only way to reach it while it runs. Only when no API answers on its
 * address does the command open the database itself (taking the PGlite folder's lock, like the API would).
 */
import os from 'node:os';
import path from 'node:path';
import { endpoints, OPERATOR_SECRET_HEADER, type OperatorCommandRequest } from '@credimo/shared/contract';
import { type ApiConfig, ConfigError, readConfig } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { BACKUP_USAGE, BackupError, backup, restore } from './backup';
import { OPERATOR_COMMANDS, OperatorUsageError, USAGE } from './commands';
import { runOperatorCommand } from './run';
import { operatorSecret } from './secret';

class OpsError extends Error {}

/** The API's answer, or null when nothing listens there (then the command runs on the database itself). */
async function askRunningApi(config: ApiConfig, request: OperatorCommandRequest): Promise<string[] | null> {
  const secret = operatorSecret(config.operator);
  const url = `${config.operator.apiUrl}${endpoints.operatorCommand.path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { [OPERATOR_SECRET_HEADER]: secret } : {}) },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return null;
    throw new OpsError(`cannot reach the API at ${config.operator.apiUrl} (${code ?? (error as Error).message})`);
  }
  const body = (await response.json().catch(() => null)) as {
    lines?: string[];
    errors?: { message: string }[];
  } | null;
  if (response.ok && Array.isArray(body?.lines)) return body.lines;
  if (response.status === 401) {
    throw new OpsError(
      `the API at ${config.operator.apiUrl} refused the operator secret; give this command the API's OPERATOR_SECRET`,
    );
  }
  const message = body?.errors?.[0]?.message;
  throw new OpsError(
    message ?? `the server at ${config.operator.apiUrl} answered ${response.status}: is it the Credimo API?`,
  );
}

async function runOnDatabase(config: ApiConfig, request: OperatorCommandRequest): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const { lines } = await runOperatorCommand({ db: database.db, config }, { ...request, address: null });
    return lines;
  } finally {
    await database.close();
  }
}

async function main([command, ...args]: string[]) {
  const operator = process.env.OPS_OPERATOR || os.userInfo().username;
  if (command === 'backup' || command === 'restore') {
    const config = readConfig();
    const lines = command === 'backup' ? await backup(config, args[0], operator) : await restore(config, args);
    for (const line of lines) console.log(line);
    return;
  }
  if (!command || !Object.hasOwn(OPERATOR_COMMANDS, command)) throw new OperatorUsageError(`${USAGE}\n${BACKUP_USAGE}`);
  const config = readConfig();
  // A file named on the command line is read where the command runs (the API on this machine, or this process).
  if (OPERATOR_COMMANDS[command]?.readsFile && args[0]) args[0] = path.resolve(args[0]);
  const request = { command, args, operator };
  const lines = (await askRunningApi(config, request)) ?? (await runOnDatabase(config, request));
  for (const line of lines) console.log(line);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof OpsError ||
    error instanceof BackupError ||
    error instanceof OperatorUsageError ||
    error instanceof ConfigError ||
    error instanceof DatabaseUnavailableError
  ) {
    console.error(`credimo-ops: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
