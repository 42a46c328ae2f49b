import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { formatMoney, formatWireDate } from '@credimo/shared/format';
import type { Kysely } from 'kysely';
import type { ApiConfig } from '../config';
import type { Database } from '../db/schema';
import { clockToday } from '../domain/clock';
import { createPayoutFile, payoutFile } from './payout-files';
import { sandboxStatement, sandboxStatusReport } from './sandbox-bank';
import { importStatement, type StatementOutcome } from './statements';
import { importStatusReport, type StatusReportOutcome } from './status-reports';
import { BankFileError } from './xml';

/** The sandbox's account for transfers in when no lender account is configured (the first bank customers see). */
const SANDBOX_STATEMENT_ACCOUNT = 'ES9121000418450200051332';

/** Bank files are a day's worth of lines, not more: a bigger file is not one of them. */
export const MAX_BANK_FILE_BYTES = 20 * 1024 * 1024;

interface BankFileCommand {
  usage: string;
  /** Its first argument is a file on the machine running it (the command line makes the path absolute). */
  readsFile?: boolean;
  run: (
    args: string[],
    context: { db: Kysely<Database>; config: ApiConfig; operator?: string },
  ) => Promise<{ lines: string[]; subject: string | null }>;
}

async function bankFile(path: string | undefined): Promise<string> {
  if (!path) throw new BankFileError('the bank file to read is missing');
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) throw new BankFileError(`no file ${path}`);
  if (size > MAX_BANK_FILE_BYTES) throw new BankFileError(`${path} is larger than a bank file can be`);
  return readFile(path, 'utf8');
}

/** The debtor of our payout files, or why there is none. */
export function payoutDebtor(config: ApiConfig) {
  if (config.payoutRail.provider !== 'sepa-file') {
    throw new BankFileError('payouts go by the sandbox bank: set PAYOUT_PROVIDER=sepa-file for payout files');
  }
  return config.payoutRail.debtor;
}

export function statusReportLines(outcome: StatusReportOutcome): string[] {
  return [
    ...outcome.confirmed.map((loan) => `${loan}: accepted, paid out`),
    ...outcome.rejected.map((loan) => `${loan}: rejected, payout returned`),
    ...outcome.unchanged.map((loan) => `${loan}: settled before, unchanged`),
    ...outcome.pending.map((loan) => `${loan}: not decided by the bank yet`),
    ...outcome.unknown.map((id) => `${id}: not a payout of that file (nothing changed)`),
  ];
}

export function statementLines(outcome: StatementOutcome): string[] {
  return [
    ...outcome.applied.map(
      (a) => `applied ${formatMoney(a.amount)} to loan ${a.loan} (line ${a.key}, status ${a.status})`,
    ),
    ...outcome.unmatched.map((u) => `UNMATCHED ${formatMoney(u.amount)} line ${u.key} "${u.concept}": ${u.reason}`),
    `${outcome.applied.length} applied, ${outcome.unmatched.length} unmatched, ${outcome.alreadyRead} read before, ${outcome.skipped} not incoming`,
  ];
}

/** The SEPA rail's operator commands, in the shape of the operator command table (`npm run ops -- <name> …`). */
export const BANK_FILE_COMMANDS: Record<string, BankFileCommand> = {
  'payouts-file': {
    usage:
      '[file-number|MsgId]  (prints the day’s pain.001 of payouts waiting for one, each sent once; nothing when none ' +
      'waits; with a number, a file made before)',
    async run([which], { db, config, operator }) {
      if (which) {
        const file = await payoutFile(db, which);
        if (!file) throw new BankFileError(`no payouts file ${which}`);
        return { lines: file.xml.split('\n'), subject: `payout-file:${file.id}` };
      }
      const file = await createPayoutFile(
        db,
        payoutDebtor(config),
        await clockToday(db),
        `operator:${operator || 'unknown'}`,
      );
      return file ? { lines: file.xml.split('\n'), subject: `payout-file:${file.id}` } : { lines: [], subject: null };
    },
  },
  'payout-status': {
    usage: '<pain.002-file>  (the bank’s status report of a payouts file: accepted pay out, rejected return)',
    readsFile: true,
    async run([path], { db }) {
      return { lines: statusReportLines(await importStatusReport(db, await bankFile(path))), subject: null };
    },
  },
  statement: {
    usage: '<camt.053-file>  (the bank’s statement: transfers in applied to the loan their concept names, once)',
    readsFile: true,
    async run([path], { db, operator }) {
      const outcome = await importStatement(db, await bankFile(path), `operator:${operator || 'unknown'}`);
      return { lines: statementLines(outcome), subject: null };
    },
  },
  'sandbox-bank-statement': {
    usage: '<cents> <concept…>  (sandbox only: the sandbox bank’s camt.053 with one transfer in, to import)',
    async run([amountInput, ...concept], { db, config }) {
      if (config.providerMode === 'production') throw new BankFileError('sandbox-bank-statement is for sandbox mode');
      const amount = Number(amountInput);
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new BankFileError('cents: a whole number above 0');
      const account =
        config.payoutRail.provider === 'sepa-file' ? config.payoutRail.debtor.iban : SANDBOX_STATEMENT_ACCOUNT;
      const xml = sandboxStatement(account, formatWireDate(await clockToday(db)), [
        { reference: `SBX-${randomBytes(6).toString('hex')}`, amount, concept: concept.join(' ') },
      ]);
      return { lines: xml.split('\n'), subject: null };
    },
  },
  'sandbox-bank-report': {
    usage: '<pain.001-file>  (sandbox only: the sandbox bank’s pain.002 answer to a payouts file)',
    readsFile: true,
    async run([path], { config }) {
      if (config.providerMode === 'production') throw new BankFileError('sandbox-bank-report is for sandbox mode');
      return { lines: sandboxStatusReport(await bankFile(path)).split('\n'), subject: null };
    },
  },
};
