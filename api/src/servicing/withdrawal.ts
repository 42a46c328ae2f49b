import { LoanStatus } from '@credimo/shared/domain';
import { formatMoney, formatWireDate } from '@credimo/shared/format';
import { messages, t } from '@credimo/shared/i18n';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import type { Kysely, Selectable } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database, LoanWithdrawalsTable } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { withdrawalAmount } from '../domain/servicing-rules';
import { lockLoan } from '../domain/transitions';
import { ApiError } from '../errors';
import type { LoanRowLike } from '../loans/applications';
import { openLoanId } from '../loans/ownership';
import { recordCustomerMail } from '../mail';
import { notifyCustomer } from '../notifications';
import { owedOf } from './owed';

/** Statuses in which the customer may still withdraw: the money is out; an extension does not end the 14 days. */
const WITHDRAWABLE: readonly number[] = [LoanStatus.Active, LoanStatus.Extended];

export interface WithdrawalView {
  /** The right can still be used today. */
  available: boolean;
  until: string | null;
  /** What withdrawing today would cost (principal plus interest to the day). */
  amount: number;
  principal: number;
  interest: number;
  requested_on: string | null;
  acknowledgement: string | null;
}

function withdrawalToday(loan: LoanRowLike, today: Date) {
  const given = wireDay(loan.give_date);
  const days = given ? differenceInCalendarDays(today, parseISO(given)) : 0;
  return withdrawalAmount(Number(loan.request_amount), Number(loan.commission), loan.term, days);
}

const rightLasts = (loan: LoanRowLike, today: Date) => {
  const until = wireDay(loan.withdrawal_until);
  return until !== null && formatWireDate(today) <= until && WITHDRAWABLE.includes(loan.status);
};

/** The loan view's withdrawal field: offered while the right lasts, and the stored acknowledgement afterwards. */
export function withdrawalView(
  loan: LoanRowLike,
  stored: Selectable<LoanWithdrawalsTable> | undefined,
  today: Date,
): WithdrawalView | null {
  if (stored) {
    return {
      available: false,
      until: wireDay(loan.withdrawal_until),
      amount: Number(stored.amount),
      principal: Number(stored.principal),
      interest: Number(stored.interest),
      requested_on: wireDay(stored.requested_on),
      acknowledgement: stored.acknowledgement,
    };
  }
  if (!rightLasts(loan, today)) return null;
  return {
    available: true,
    until: wireDay(loan.withdrawal_until),
    ...withdrawalToday(loan, today),
    requested_on: null,
    acknowledgement: null,
  };
}

/**
 * POST /v2/loan/withdrawal: within 14 days of the payout the customer withdraws; from then on they owe the
 * principal plus the interest accrued to the day (the rest of the commission is waived in the ledger), and
 * the acknowledgement is stored. Idempotent: a second request returns the first acknowledgement.
 */
export async function withdraw(db: Kysely<Database>, userId: string, today: Date): Promise<WithdrawalView> {
  const loanId = await openLoanId(db, userId);
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const existing = await trx
      .selectFrom('loan_withdrawals')
      .selectAll()
      .where('loan_id', '=', loanId)
      .executeTakeFirst();
    if (existing) return withdrawalView(loan, existing, today) as WithdrawalView;
    if (!rightLasts(loan, today)) throw ApiError.request(409, messages.withdrawalExpired);
    const owed = await owedOf(trx, loanId);
    const due = withdrawalToday(loan, today);
    // Only the interest to the day stays owed; anything already paid towards commission counts against it.
    const commissionPaid = Number(loan.commission) - owed.commission;
    const waive = Math.max(0, owed.commission - Math.max(0, due.interest - commissionPaid));
    if (waive > 0) {
      await post(trx, {
        key: `withdrawal:${loanId}`,
        kind: 'withdrawal',
        loanId,
        postings: recipes.commissionWaived(loanId, waive),
        detail: { interest: due.interest },
      });
    }
    const requestedOn = formatWireDate(today);
    const acknowledgement = t('withdrawalAcknowledgement', {
      loan: loan.public_id,
      date: requestedOn.split('-').reverse().join('/'),
      amount: formatMoney(due.amount),
    });
    const stored = await trx
      .insertInto('loan_withdrawals')
      .values({
        loan_id: loanId,
        requested_on: requestedOn,
        principal: due.principal,
        interest: due.interest,
        amount: due.amount,
        acknowledgement,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The acknowledgement also reaches the customer's inbox, once, with the withdrawal.
    await notifyCustomer(trx, userId, acknowledgement, 'success');
    // And to their email, sent by the job queue after the commit.
    await recordCustomerMail(trx, {
      key: `withdrawal:${loanId}`,
      kind: 'withdrawal',
      userId,
      loanId,
      detail: { loan: loan.public_id, acknowledgement },
    });
    return withdrawalView(loan, stored, today) as WithdrawalView;
  });
}
