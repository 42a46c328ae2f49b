import { LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import { hasUsableCard } from '../cards';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { transitionRefused } from '../domain/transitions';
import { ApiError } from '../errors';
import { openLoanId } from './ownership';

/**
 * True when the customer has a completed card request (Completed, PartiallyRefunded or Refunded) whose card
 * is still valid more than 3 months.
 */
export async function hasCompletedCardRequest(db: Kysely<Database>, userId: string): Promise<boolean> {
  return hasUsableCard(db, userId);
}

/**
 * POST /v2/loan/steps/autodebit/complete, after signing (the flow is: sign, auto-debit, money on the way).
 * false skips the step unless the customer's skip button is hidden; true needs a completed card request.
 */
export async function completeAutodebitStep(db: Kysely<Database>, userId: string, enabled: boolean): Promise<void> {
  const loanId = await openLoanId(db, userId);
  const loan = await db
    .selectFrom('loans')
    .select(['status', 'auto_debit_step_completed'])
    .where('id', '=', loanId)
    .executeTakeFirstOrThrow();
  // Done already (the flag is only ever set while ContractSigned): a second tab, or the account page finishing the
  // step for a card on file, may ask again after the payout moved the loan on. The answer is the same, not a 409.
  if (loan.auto_debit_step_completed) return;
  if (loan.status !== LoanStatus.ContractSigned) throw transitionRefused();
  if (enabled) {
    if (!(await hasCompletedCardRequest(db, userId))) {
      throw ApiError.field(422, 'autodebit_enabled', messages.autoDebitCardRequired);
    }
  } else {
    const user = await db
      .selectFrom('users')
      .select('is_hide_skip_auto_debit_button')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    if (user.is_hide_skip_auto_debit_button) throw ApiError.field(422, 'autodebit_enabled', messages.autoDebitRequired);
  }
  await db
    .updateTable('loans')
    .set({ auto_debit_step_completed: true })
    .where('id', '=', loanId)
    .where('status', '=', LoanStatus.ContractSigned)
    .execute();
  await emitFunnelEvent(db, { userId, loanId, name: 'autodebit', detail: { enabled } });
}
