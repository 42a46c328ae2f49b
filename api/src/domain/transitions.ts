import { messages } from '@credimo/shared/i18n';
import type { Selectable, Transaction } from 'kysely';
import type { ActorKind, Database, LoansTable } from '../db/schema';
import { ApiError } from '../errors';
import { canTransition } from './transition-table';

export { ALLOWED_TRANSITIONS, canTransition } from './transition-table';

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
