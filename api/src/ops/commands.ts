import { phoneProblem } from '@credimo/shared/domain';
import { nationalDigits } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import { BANK_FILE_COMMANDS } from '../bank-files/commands';
import type { ApiConfig } from '../config';
import { type CustomerFlagName, customerFeatures, setCustomerFlags } from '../customer-flags';
import { rightsSettings, SETTING_KEYS, SettingError, setRightsSetting } from '../customer-rights';
import type { Database } from '../db/schema';
import { issueAdminToken, issueAgentCode } from '../identity/handoff';
import { HANDOFF_RULES } from '../identity/rules';
import { confirmedUser, findUserIdByPhone } from '../identity/users';
import { loanIdByReference } from '../loans/applications';
import { operatorDecision } from '../loans/decision';
import { SERVICING_COMMANDS } from '../servicing/operator-commands';
import { createShortLink, ShortLinkRefused } from '../short-links';
import { createStaff, StaffAccountError } from '../staff/accounts';

/** A wrong command or argument: shown to the operator as one line (422 through the API). */
export class OperatorUsageError extends Error {}

export interface CommandContext {
  db: Kysely<Database>;
  config: ApiConfig;
  /** Who runs the command (servicing records it as the actor of a loan's transition). */
  operator?: string;
}

export interface CommandResult {
  /** What the operator reads, one line each. */
  lines: string[];
  /** Whom the command acted on, for the audit log (`user:<id>`), or null. */
  subject: string | null;
}

export interface OperatorCommand {
  /** Arguments as the operator types them, for the usage text. */
  usage: string;
  /** Its first argument is a file on the operator's machine: the command line sends it as an absolute path. */
  readsFile?: boolean;
  run: (args: string[], context: CommandContext) => Promise<CommandResult>;
}

function phoneArgument(input: string | undefined): string {
  const problem = phoneProblem(input);
  if (problem) throw new OperatorUsageError(`${input ?? '(missing phone)'}: ${messages[problem]}`);
  return nationalDigits(input ?? '');
}

const appUrl = (config: ApiConfig) => config.appUrl.replace(/\/$/, '');

/**
 * Every operator command, one entry each. `npm run ops -- <name> args…` sends the name and arguments to the
 * running API (POST /operator/commands, with the operator secret), which runs the entry and writes it to
 * audit_log; when no API runs, the command opens the database itself and runs the same entry.
 * To add a command (for example `advance-days N` or `decide <loan> approve`), add one entry here: a usage
 * line and a `run` that calls into the room owning the data and returns the lines to print. Throw
 * OperatorUsageError for a wrong argument. Nothing else (route, CLI, audit) needs to change.
 */
export const OPERATOR_COMMANDS: Record<string, OperatorCommand> = {
  'agent-link': {
    usage: '<phone> [agent-name] [amount-eur term-days]',
    async run([phoneInput, agentName, amountInput, termInput], { db, config }) {
      const phone = phoneArgument(phoneInput);
      const agent = agentName || 'agent';
      // The agent's amount and term become the customer's calculator defaults.
      const choice = amountInput === undefined ? undefined : agentChoice(amountInput, termInput);
      // An agent may bring a customer who has never signed in: the account is created, marked as theirs.
      const userId =
        (await findUserIdByPhone(db, phone)) ?? (await confirmedUser(db, phone, { registeredByAgent: true }));
      const code = await issueAgentCode(db, userId, agent, choice);
      return {
        subject: `user:${userId}`,
        lines: [
          `${appUrl(config)}/auth/session?sessionid=${encodeURIComponent(code)}`,
          `(one use, valid ${HANDOFF_RULES.agentLinkMinutes} minutes)`,
        ],
      };
    },
  },
  'admin-link': {
    usage: '<admin-username> <phone>',
    async run([admin, phoneInput], { db, config }) {
      if (!admin) throw new OperatorUsageError('usage: npm run ops -- admin-link <admin-username> <phone>');
      const phone = phoneArgument(phoneInput);
      const userId = await findUserIdByPhone(db, phone);
      if (!userId) throw new OperatorUsageError(`no customer has the phone ${phone}`);
      const token = await issueAdminToken(db, userId, admin);
      return {
        subject: `user:${userId}`,
        lines: [
          `${appUrl(config)}/account/auth?apikey=${encodeURIComponent(token)}&adminUsername=${encodeURIComponent(admin)}`,
          `(one use, valid ${HANDOFF_RULES.adminLinkMinutes} minutes)`,
        ],
      };
    },
  },
  decide: {
    usage: '<loan-id> approve [amount-eur] | deny <reason…>  (a loan in manual verification)',
    async run([loanInput, verdict, ...rest], { db }) {
      const loanId = await loanIdArgument(db, loanInput);
      const operator = 'ops';
      if (verdict === 'approve') {
        const amount = rest[0] === undefined ? undefined : euroCents(rest[0], 'amount-eur');
        const status = await operatorDecision(db, loanId, operator, { approve: true, amount });
        return { subject: `loan:${loanId}`, lines: [`loan ${loanInput} approved (status ${status})`] };
      }
      if (verdict === 'deny' && rest.length > 0) {
        const status = await operatorDecision(db, loanId, operator, { approve: false, reason: rest.join(' ') });
        return { subject: `loan:${loanId}`, lines: [`loan ${loanInput} denied (status ${status})`] };
      }
      throw new OperatorUsageError('usage: npm run ops -- decide <loan-id> approve [amount-eur] | deny <reason…>');
    },
  },
  // Servicing: advance-days, payment-received, collection, presale, sell.
  ...SERVICING_COMMANDS,
  // Money rails: the day's SEPA payouts file, the bank's status report and statement.
  ...BANK_FILE_COMMANDS,
  'short-link': {
    usage: '<target-url> [days]  (a /s/{hash} link to an allowed origin; SHORT_LINK_ORIGINS adds origins)',
    async run([target, daysInput], { db, config }) {
      if (!target) throw new OperatorUsageError('usage: npm run ops -- short-link <target-url> [days]');
      const days = daysInput === undefined ? undefined : Number(daysInput);
      if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 3650)) {
        throw new OperatorUsageError('days: 1 to 3650');
      }
      try {
        const hash = await createShortLink(db, target, config.shortLinkOrigins, { days });
        return { subject: null, lines: [`${appUrl(config)}/s/${hash}`, `-> ${target}`] };
      } catch (error) {
        if (error instanceof ShortLinkRefused) throw new OperatorUsageError(error.message);
        throw error;
      }
    },
  },
  'customer-flags': {
    usage: '<phone> [bizum|processing|liveness|hide-skip-autodebit]=on|off|default …',
    async run([phoneInput, ...settings], { db, config }) {
      const phone = phoneArgument(phoneInput);
      const userId = await findUserIdByPhone(db, phone);
      if (!userId) throw new OperatorUsageError(`no customer has the phone ${phone}`);
      const flags = Object.fromEntries(settings.map(flagSetting));
      if (Object.keys(flags).length > 0) await setCustomerFlags(db, userId, flags);
      const features = await customerFeatures(db, userId, config.customerFlagDefaults);
      return { subject: `user:${userId}`, lines: [JSON.stringify(features)] };
    },
  },
  // The customer's rights (docs/customer-rights.md): review answer days, debt advice, complaints, contact rules.
  'rights-setting': {
    usage: `[${SETTING_KEYS.join('|')} '<json>']  (without arguments: prints every setting)`,
    async run([key, json], { db, config, operator }) {
      if (key) {
        if (json === undefined) throw new OperatorUsageError(`rights-setting ${key} needs its value as JSON`);
        let value: unknown;
        try {
          value = JSON.parse(json);
        } catch {
          throw new OperatorUsageError(`${key}: the value is not JSON`);
        }
        await setRightsSetting(db, key, value, `operator:${operator || 'unknown'}`).catch((error) => {
          if (error instanceof SettingError) throw new OperatorUsageError(error.message);
          throw error;
        });
      }
      const settings = await rightsSettings(db, config.lender);
      return {
        subject: null,
        lines: Object.entries(settings).map(([name, value]) => `${name} ${JSON.stringify(value)}`),
      };
    },
  },
  // The operators' console: the first admin, and any staff member, from the command line.
  'staff-create': {
    usage: '<username> <agent|admin>  (prints a generated password and the TOTP secret, once)',
    async run([username, role], { db, operator }) {
      if (!username || !role)
        throw new OperatorUsageError('usage: npm run ops -- staff-create <username> <agent|admin>');
      const created = await createStaff(db, { username, role, createdBy: `operator:${operator || 'unknown'}` }).catch(
        (error) => {
          if (error instanceof StaffAccountError) throw new OperatorUsageError(error.message);
          throw error;
        },
      );
      return {
        subject: `staff:${created.username}`,
        lines: [
          `staff ${created.username} (${created.role}) created; sign in at /console`,
          `password: ${created.password}`,
          `TOTP secret: ${created.totpSecret}`,
          created.totpUri,
        ],
      };
    },
  },
};

const FLAG_NAMES: Record<string, CustomerFlagName> = {
  bizum: 'bizum',
  processing: 'payment_processing_view',
  liveness: 'liveness',
  'hide-skip-autodebit': 'hide_skip_auto_debit',
};

/** `bizum=off` to the flag and its value; `default` returns the flag to the configured default. */
function flagSetting(setting: string): [CustomerFlagName, boolean | null] {
  const [name = '', value = ''] = setting.split('=');
  const flag = FLAG_NAMES[name];
  const values: Record<string, boolean | null> = { on: true, off: false, default: null };
  if (!flag || !(value in values)) {
    throw new OperatorUsageError(`${setting}: expected ${Object.keys(FLAG_NAMES).join('|')}=on|off|default`);
  }
  return [flag, values[value] ?? null];
}

/** Whole euros as the operator types them, in cents as money is kept. */
function euroCents(input: string, name: string): number {
  if (!/^\d{1,6}$/.test(input)) throw new OperatorUsageError(`${name} must be whole euros, got "${input}"`);
  return Number(input) * 100;
}

function agentChoice(amountInput: string, termInput: string | undefined) {
  if (!termInput || !/^\d{1,3}$/.test(termInput)) {
    throw new OperatorUsageError('agent-link takes the amount in euros and the term in days together');
  }
  return { amount: euroCents(amountInput, 'amount-eur'), term: Number(termInput) };
}

/** A loan as operators name it: its public id (CR100001) or its number. */
async function loanIdArgument(db: Kysely<Database>, input: string | undefined): Promise<string> {
  if (!input || !/^(CR)?\d{1,18}$/i.test(input)) throw new OperatorUsageError('a loan id is needed');
  const loanId = await loanIdByReference(db, input);
  if (!loanId) throw new OperatorUsageError(`no loan ${input}`);
  return loanId;
}

export const USAGE = `usage:\n${Object.entries(OPERATOR_COMMANDS)
  .map(([name, command]) => `  npm run ops -- ${name} ${command.usage}`)
  .join('\n')}`;
