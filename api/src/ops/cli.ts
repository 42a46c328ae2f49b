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

const USAGE = `usage:
  npm run ops -- agent-link <phone> [agent-name]
  npm run ops -- admin-link <admin-username> <phone>`;

class UsageError extends Error {}

function phoneArgument(input: string | undefined): string {
  const problem = phoneProblem(input);
  if (problem) throw new UsageError(`${input ?? '(missing phone)'}: ${messages[problem]}`);
  return nationalDigits(input ?? '');
}

async function main(args: string[]) {
  const [command, first, second] = args;
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

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof ConfigError || error instanceof DatabaseUnavailableError) {
    console.error(`credimo-ops: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
