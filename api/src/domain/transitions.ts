import { LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Selectable, Transaction } from 'kysely';
import type { ActorKind, Database, LoansTable } from '../db/schema';
import { ApiError } from '../http/errors';

const S = LoanStatus;

/** Statuses a loan in service can move between (repayment, extension, overdue, collection, sale: issue 11). */
const IN_SERVICE_EXITS = [S.Returned, S.Extended, S.Overdue, S.Discount, S.Presale];
const COLLECTION_EXITS = [S.Returned, S.Presale, S.Discount];

/**
 * The loan state machine: for each status, the statuses it may move to. Anything not listed is refused.
 * Origination (issue 10) uses the first block; servicing (issue 11) the second.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  // Origination: decision, disbursement method, signing, payout.
  [S.Request]: [
    S.New,
    S.AwaitingVerification,
    S.AwaitingIssuanceMethod,
    S.AwaitingSignContract,
    S.AwaitingBankDataImport,
    S.Denied,
    S.Timeout,
  ],
  [S.New]: [
    S.AwaitingVerification,
    S.AwaitingIssuanceMethod,
    S.AwaitingSignContract,
    S.AwaitingBankDataImport,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingBankDataImport]: [
    S.Request,
    S.AwaitingVerification,
    S.AwaitingSignContract,
    S.AwaitingBankProcessData,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingVerification]: [S.AwaitingIssuanceMethod, S.AwaitingSignContract, S.Denied, S.Timeout],
  [S.AwaitingIssuanceMethod]: [S.AwaitingSignContract, S.AwaitingBankProcessData, S.Denied, S.Timeout],
  [S.AwaitingBankProcessData]: [
    S.AwaitingBankDataImport,
    S.AwaitingSignContract,
    S.AwaitingIssuanceMethod,
    S.Denied,
    S.Timeout,
  ],
  [S.AwaitingSignContract]: [S.ContractSigned, S.AwaitingIssuanceMethod, S.Denied, S.Timeout],
  [S.ContractSigned]: [S.Processing],
  [S.Processing]: [S.Active, S.ProcessingFail],
  [S.ProcessingFail]: [S.Processing, S.Denied],
  // Servicing.
  [S.Active]: IN_SERVICE_EXITS,
  [S.Extended]: IN_SERVICE_EXITS,
  [S.Overdue]: [S.Returned, S.Extended, S.AwaitingCollector, S.Discount, S.Presale],
  [S.AwaitingCollector]: [S.CollectorInProgress, ...COLLECTION_EXITS],
  [S.CollectorInProgress]: [S.PreCourt, ...COLLECTION_EXITS],
  [S.PreCourt]: [S.Court, ...COLLECTION_EXITS],
  [S.Court]: [S.PostCourt, ...COLLECTION_EXITS],
  [S.PostCourt]: [S.Execution, ...COLLECTION_EXITS],
  [S.Execution]: COLLECTION_EXITS,
  [S.Discount]: [S.Returned],
  [S.Presale]: [S.Sold, S.Overdue],
  // Closed: Returned 3, Denied 4, Timeout 36 and Sold 27 go nowhere.
  [S.Returned]: [],
  [S.Denied]: [],
  [S.Timeout]: [],
  [S.Sold]: [],
};

export const canTransition = (from: number, to: number): boolean => ALLOWED_TRANSITIONS[from]?.includes(to) ?? false;

export interface Actor {
  kind: ActorKind;
  id: string | null;
}

export interface TransitionOptions {
  actor: Actor;
  reason: string;
  /** Refuse unless the loan is in one of these statuses (a step's own precondition, checked under the lock). */
  from?: readonly number[];
}

type LoanRow = Selectable<LoansTable>;

export const transitionRefused = () => ApiError.request(409, messages.loanStateConflict);

/**
 * The only way a loan's status changes: locks the row, checks the table, writes the new status and a
 * loan_transitions row (who, when, why, from, to). Call it inside the transaction that does the rest of the
 * step (ledger postings, signature, payout), so all of it commits or none.
 */
export async function transition(
  trx: Transaction<Database>,
  loanId: string,
  to: number,
  options: TransitionOptions,
): Promise<{ from: number; loan: LoanRow }> {
  const current = await trx.selectFrom('loans').selectAll().where('id', '=', loanId).forUpdate().executeTakeFirst();
  if (!current) throw ApiError.request(404, messages.routeNotFound);
  const from = current.status;
  if (options.from && !options.from.includes(from)) throw transitionRefused();
  if (!canTransition(from, to)) throw transitionRefused();
  const loan = await trx
    .updateTable('loans')
    .set({ status: to, status_changed_at: new Date() })
    .where('id', '=', loanId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('loan_transitions')
    .values({
      loan_id: loanId,
      from_status: from,
      to_status: to,
      actor_kind: options.actor.kind,
      actor_id: options.actor.id,
      reason: options.reason,
    })
    .execute();
  return { from, loan };
}

/** Locks a loan row for a step that checks its state before acting (e.g. signing, payout). */
export async function lockLoan(trx: Transaction<Database>, loanId: string): Promise<LoanRow> {
  const loan = await trx.selectFrom('loans').selectAll().where('id', '=', loanId).forUpdate().executeTakeFirst();
  if (!loan) throw ApiError.request(404, messages.routeNotFound);
  return loan;
}
