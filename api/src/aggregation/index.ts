import { createHash } from 'node:crypto';
import { LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import '../cards/tables';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import type { JobQueue } from '../jobs/queue';
import { openLoanId } from '../loans/ownership';

/** SPEC section 7, POST /v2/loan/bank_token: unnax's variant and kontomatik's. */
export type BankTokenInput =
  | { token1: string; token2?: string; bank_name?: string; type?: string }
  | { sessionId: string; sessionIdSignature: string; bankId?: string; bankName?: string };

/** Both variants as one: which provider, its token for this customer's bank session, and the bank's name. */
export function bankSession(input: BankTokenInput): {
  provider: 'unnax' | 'kontomatik';
  token: string;
  bankName: string | null;
} {
  return 'sessionId' in input
    ? {
        provider: 'kontomatik',
        token: `${input.sessionId}:${input.sessionIdSignature}`,
        bankName: input.bankName ?? null,
      }
    : {
        provider: 'unnax',
        token: input.token2 ? `${input.token1}:${input.token2}` : input.token1,
        bankName: input.bank_name ?? null,
      };
}

/**
 * The customer's bank session reached us: the loan moves AwaitingBankProcessData -> AwaitingBankDataImport and
 * the import runs on the job queue. The same token again is a no-op (the browser may post twice).
 */
export async function submitBankToken(
  db: Kysely<Database>,
  jobs: JobQueue,
  userId: string,
  input: BankTokenInput,
): Promise<void> {
  const session = bankSession(input);
  const loanId = await openLoanId(db, userId);
  await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const known = await trx
      .selectFrom('bank_imports')
      .select('id')
      .where('loan_id', '=', loanId)
      .where('token', '=', session.token)
      .executeTakeFirst();
    if (known) return;
    if (loan.status !== LoanStatus.AwaitingBankProcessData) throw transitionRefused();
    const row = await trx
      .insertInto('bank_imports')
      .values({
        loan_id: loanId,
        provider: session.provider,
        token: session.token,
        bank_name: session.bankName,
        status: 'importing',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await transition(trx, loanId, LoanStatus.AwaitingBankDataImport, {
      actor: { kind: 'customer', id: userId },
      reason: `bank session from ${session.provider}`,
    });
    await jobs.send('bank.import', { importId: String(row.id) }, { trx, key: `bank-import-${row.id}` });
  });
}

/** Spanish BBAN control digit (CCC): weights over ten digits, 11 minus the sum modulo 11, 10 and 11 folded. */
function cccDigit(ten: string): number {
  const weights = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6];
  const sum = [...ten].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  const d = 11 - (sum % 11);
  return d === 11 ? 0 : d === 10 ? 1 : d;
}

/** A valid Spanish IBAN for a sandbox bank session: the same token always names the same account. */
export function sandboxIbanFor(token: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(token).digest('hex').slice(0, 24)}`)
    .toString()
    .padStart(14, '0')
    .slice(-14);
  const bankOffice = `2100${digits.slice(0, 4)}`;
  const account = digits.slice(4, 14);
  const bban = `${bankOffice}${cccDigit(`00${bankOffice}`)}${cccDigit(account)}${account}`;
  // ISO 13616: the check digits make BBAN + "ES00" (E=14, S=28) leave 1 modulo 97.
  const check = 98n - (BigInt(`${bban}142800`) % 97n);
  return `ES${check.toString().padStart(2, '0')}${bban}`;
}

/**
 * The import job: the sandbox aggregator answers the session's accounts (a token starting with "fail" fails,
 * as a bank that refuses the session). Imported: the first account becomes the loan's IBAN and the loan moves
 * on to signing; failed: back to AwaitingBankProcessData for another try. Runs once: a settled import is left.
 */
export async function importBankData(db: Kysely<Database>, importId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('bank_imports')
      .selectAll()
      .where('id', '=', importId)
      .forUpdate()
      .executeTakeFirst();
    if (row?.status !== 'importing') return;
    const loan = await lockLoan(trx, String(row.loan_id));
    if (loan.status !== LoanStatus.AwaitingBankDataImport) return;
    const failed = row.token.startsWith('fail');
    const accounts = failed ? [] : [sandboxIbanFor(row.token)];
    await trx
      .updateTable('bank_imports')
      .set({ status: failed ? 'failed' : 'imported', accounts: JSON.stringify(accounts) })
      .where('id', '=', row.id)
      .execute();
    if (accounts[0]) await trx.updateTable('loans').set({ iban: accounts[0] }).where('id', '=', loan.id).execute();
    await transition(
      trx,
      String(loan.id),
      failed ? LoanStatus.AwaitingBankProcessData : LoanStatus.AwaitingSignContract,
      { actor: { kind: 'job', id: null }, reason: failed ? 'bank import failed' : 'bank data imported' },
    );
  });
}

/**
 * The widget's own ending (or the fallback request when it could not report): recorded as a funnel event. An
 * error is SPEC's identity widget error: the customer is told "La identidad no ha sido verificada" and goes
 * back to the preview; nothing moves the loan (the bank session, if any, comes by POST /v2/loan/bank_token).
 */
export async function recordWidgetOutcome(
  db: Kysely<Database>,
  userId: string,
  outcome: { status: 'success' | 'error' | 'cancel'; code?: string | undefined; via: 'widget' | 'fallback' },
): Promise<{ status: string; message: string | null }> {
  const loanId = await openLoanId(db, userId);
  await emitFunnelEvent(db, {
    userId,
    loanId,
    name: 'bank_widget',
    detail: { status: outcome.status, code: outcome.code ?? null, via: outcome.via },
  });
  return { status: outcome.status, message: outcome.status === 'error' ? messages.identityNotVerified : null };
}
