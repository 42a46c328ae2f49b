import { createHash } from 'node:crypto';
import { ibanProblem, LoanStatus, normaliseIban } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import { openLoanId } from '../loans/ownership';
import type { AggregationEvent } from '../providers/aggregation';
import type { JobQueue } from '../queue/job-queue';

/** POST /v2/loan/bank_token: unnax's variant (a token pair) and kontomatik's (a signed session). */
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

/** A valid Spanish IBAN for a sandbox bank session: the same session always names the same account. */
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
 * The import job: the loan's bank session is settled by what the provider's signed callback said of it
 * (aggregation_sessions). When the callback has not come yet, the import waits for it: the callback settles it.
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
    const session = await trx
      .selectFrom('aggregation_sessions')
      .selectAll()
      .where('provider', '=', row.provider)
      .where('token', '=', row.token)
      .executeTakeFirst();
    if (session) await settleImport(trx, row, session);
  });
}

/**
 * The provider's signed callback (providers/callback-route.ts: signature checked, once per event id), inside the
 * replay claim's transaction: the session's outcome is kept, and an import already waiting for it is settled.
 */
export async function recordBankSession(
  trx: Transaction<Database>,
  event: AggregationEvent,
): Promise<{ applied: boolean; imports: number }> {
  const stored = await trx
    .insertInto('aggregation_sessions')
    .values({
      provider: event.provider,
      token: event.session,
      status: event.status,
      bank_name: event.bank_name ?? null,
      accounts: JSON.stringify(event.accounts),
    })
    .onConflict((oc) => oc.columns(['provider', 'token']).doNothing())
    .returningAll()
    .executeTakeFirst();
  // A session is settled once: a later event for it (a different id) changes nothing.
  if (!stored) return { applied: false, imports: 0 };
  const waiting = await trx
    .selectFrom('bank_imports')
    .selectAll()
    .where('provider', '=', event.provider)
    .where('token', '=', event.session)
    .where('status', '=', 'importing')
    .forUpdate()
    .execute();
  for (const row of waiting) await settleImport(trx, row, stored);
  return { applied: true, imports: waiting.length };
}

type ImportRow = Selectable<Database['bank_imports']>;
type SessionRow = Selectable<Database['aggregation_sessions']>;

/**
 * Imported: the session's first valid Spanish account becomes the loan's IBAN and the loan moves on to signing.
 * Failed (or no usable account): back to AwaitingBankProcessData for another try.
 */
async function settleImport(trx: Transaction<Database>, row: ImportRow, session: SessionRow): Promise<void> {
  const loan = await lockLoan(trx, String(row.loan_id));
  if (loan.status !== LoanStatus.AwaitingBankDataImport) return;
  const accounts =
    session.status === 'imported'
      ? session.accounts.map((a) => normaliseIban(a.iban)).filter((iban) => ibanProblem(iban) === null)
      : [];
  const failed = accounts.length === 0;
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
    { actor: { kind: 'provider', id: session.provider }, reason: failed ? 'bank import failed' : 'bank data imported' },
  );
}

/**
 * The widget's own ending (or the fallback request when it could not report): recorded as a funnel event. An
 * error is the identity widget's error: the customer is told "La identidad no ha sido verificada" and goes
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
