/**
 * Operator commands until the operator console exists.
 *   npm run ops -- agent-link <phone> [agent-name]
 *   npm run ops -- admin-link <admin-username> <phone>
 * They open the same database as the API (DATABASE_URL or the PGlite folder) and print a one-time link.
 */
import { phoneProblem } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { ConfigError, readConfig } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { issueAdminToken, issueAgentCode } from '../identity/handoff';
import { HANDOFF_RULES } from '../identity/rules';
import { confirmedUser, findUserIdByPhone } from '../identity/users';
import { SERVICING_COMMANDS, ServicingUsageError } from '../servicing/operator-commands';

const USAGE = `usage:
  npm run ops -- agent-link <phone> [agent-name]
  npm run ops -- admin-link <admin-username> <phone>
${Object.entries(SERVICING_COMMANDS)
  .map(([name, command]) => `  npm run ops -- ${name} ${command.usage}`)
  .join('\n')}`;

class UsageError extends Error {}

function phoneArgument(input: string | undefined): string {
  const problem = phoneProblem(input);
  if (problem) throw new UsageError(`${input ?? '(missing phone)'}: ${messages[problem]}`);
  return nationalDigits(input ?? '');
}

async function main(args: string[]) {
  const [command, first, second] = args;
  if (command && Object.hasOwn(SERVICING_COMMANDS, command)) return servicingCommand(command, args.slice(1));
  if (command !== 'agent-link' && command !== 'admin-link') throw new UsageError(USAGE);
  const config = readConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const app = config.appUrl.replace(/\/$/, '');
    if (command === 'agent-link') {
      const phone = phoneArgument(first);
      const agent = second || 'agent';
      // An agent may bring a customer who has never signed in: the account is created, marked as theirs.
      const userId =
        (await findUserIdByPhone(database.db, phone)) ??
        (await confirmedUser(database.db, phone, { registeredByAgent: true }));
      const code = await issueAgentCode(database.db, userId, agent);
      console.log(`${app}/auth/session?sessionid=${encodeURIComponent(code)}`);
      console.log(`(one use, valid ${HANDOFF_RULES.agentLinkMinutes} minutes)`);
    } else {
      if (!first) throw new UsageError(USAGE);
      const phone = phoneArgument(second);
      const userId = await findUserIdByPhone(database.db, phone);
      if (!userId) throw new UsageError(`no customer has the phone ${phone}`);
      const token = await issueAdminToken(database.db, userId, first);
      console.log(`${app}/account/auth?apikey=${encodeURIComponent(token)}&adminUsername=${encodeURIComponent(first)}`);
      console.log(`(one use, valid ${HANDOFF_RULES.adminLinkMinutes} minutes)`);
    }
  } finally {
    await database.close();
  }
}

/** Servicing's commands (issue 11) run against the same database as the others. */
async function servicingCommand(name: string, args: string[]) {
  const config = readConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const { lines } = await (SERVICING_COMMANDS[name] as (typeof SERVICING_COMMANDS)[string]).run(args, {
      db: database.db,
      config,
      operator: process.env.USER ?? 'ops',
    });
    for (const line of lines) console.log(line);
  } catch (error) {
    if (error instanceof ServicingUsageError) throw new UsageError(error.message);
    if ((error as { statusCode?: number }).statusCode === 409) throw new UsageError('not allowed in the loan’s status');
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(`credimo-ops: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
