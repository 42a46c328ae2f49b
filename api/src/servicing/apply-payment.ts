import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import type { Kysely, Transaction } from 'kysely';
import type { Database, PaymentType } from '../db/schema';
import { post, recipes } from '../domain/ledger';
import { REPAYABLE_STATUSES } from '../domain/servicing-rules';
import { type Actor, lockLoan, transition } from '../domain/transitions';
import { ApiError } from '../errors';
import { recordCustomerMail } from '../mail';
import { isExtendable, quoteExtension } from './extension';
import { owedOf } from './owed';

/*
 * Money received for a loan, applied once: its ledger entry (fines, then commission, then principal, then back to the
 * customer), the payment row, the loan's status, an extension when the payment bought one, and the receipt. Who asks
 * for the money and how (the request workflow) is payment-requests.ts; a bank statement line or an operator's
 * transfer comes here directly.
 */

/** Where the customer pays a request: the card acquirer's or Bizum's (sandbox) checkout, when one is installed. */
export interface IncomingPayment {
  loanId: string;
  /** The provider's or bank's own id of this payment: the same id is applied once, whatever the replays. */
  externalId: string;
  channel: string;
  amount: number;
  paymentType: PaymentType;
  term?: number | null;
  promocode?: string | null;
  actor: Actor;
}

export interface AppliedPayment {
  applied: boolean;
  status: number;
  extended_to: string | null;
  to_fines: number;
  to_commission: number;
  to_principal: number;
  overpaid: number;
  extension_cost: number;
}

/**
 * Applies money received for a loan, once per external id, under the loan's lock (so two payments of one loan
 * never interleave): a prolongation that covers its cost buys the extension (Extended 20, due date moved) and
 * anything beyond repays; otherwise the money repays fines, then commission, then principal, the rest owed back
 * to the customer. A loan left owing nothing is Returned 3.
 */
export async function applyPaymentIn(
  trx: Transaction<Database>,
  payment: IncomingPayment,
  today: Date,
): Promise<AppliedPayment> {
  const loan = await lockLoan(trx, payment.loanId);
  const first = await trx
    .selectFrom('loan_payments')
    .select('applied')
    .where('external_id', '=', payment.externalId)
    .executeTakeFirst();
  if (first) return { ...(first.applied as unknown as AppliedPayment), applied: false };
  const owed = await owedOf(trx, loan.id);
  let status = loan.status;
  let rest = payment.amount;
  let extendedTo: string | null = null;
  let extensionCost = 0;

  if (payment.paymentType === 'prolongation' && payment.term && isExtendable(loan, false)) {
    // A promo code that stopped being usable since the request does not lose the money: it then repays.
    const quote = await quoteExtension(trx, loan, owed, payment.term, payment.promocode, today).catch((error) => {
      if (error instanceof ApiError) return null;
      throw error;
    });
    if (quote && rest >= quote.cost) {
      if (quote.cost > 0) {
        await post(trx, {
          key: `extension:${payment.externalId}`,
          kind: 'extension',
          loanId: loan.id,
          postings: recipes.extensionPaid(loan.id, quote.cost),
          detail: { term: quote.term, next_pay_date: quote.next_pay_date },
        });
      }
      await trx
        .insertInto('loan_extensions')
        .values({
          loan_id: loan.id,
          external_id: payment.externalId,
          term: quote.term,
          cost: quote.cost,
          promocode: quote.promocode,
          previous_must_pay_date: String(formatWireDay(loan.must_pay_date)),
          must_pay_date: quote.next_pay_date,
        })
        .execute();
      await transition(trx, loan.id, LoanStatus.Extended, {
        actor: payment.actor,
        reason: `extended ${quote.term} days`,
      });
      await trx.updateTable('loans').set({ must_pay_date: quote.next_pay_date }).where('id', '=', loan.id).execute();
      status = LoanStatus.Extended;
      rest -= quote.cost;
      extendedTo = quote.next_pay_date;
      extensionCost = quote.cost;
    }
  }

  let split = { to_fines: 0, to_commission: 0, to_principal: 0, overpaid: 0 };
  if (rest > 0) {
    const owing = REPAYABLE_STATUSES.includes(loan.status) ? owed : { fine: 0, commission: 0, principal: 0 };
    const postings = recipes.repayment(loan.id, rest, owing);
    await post(trx, {
      key: `payment:${payment.externalId}`,
      kind: 'repayment',
      loanId: loan.id,
      postings,
      detail: { channel: payment.channel, payment_type: payment.paymentType },
    });
    const credited = (code: string) => -(postings.find((p) => p.account === code)?.amount ?? 0);
    split = {
      to_fines: credited('fines_receivable'),
      to_commission: credited('commission_receivable'),
      to_principal: credited('principal_receivable'),
      overpaid: credited('customer_overpayments'),
    };
    const left = await owedOf(trx, loan.id);
    if (left.total === 0 && REPAYABLE_STATUSES.includes(status)) {
      await transition(trx, loan.id, LoanStatus.Returned, { actor: payment.actor, reason: 'paid off' });
      await trx
        .updateTable('loans')
        .set({ returned_date: formatWireDate(today) })
        .where('id', '=', loan.id)
        .execute();
      status = LoanStatus.Returned;
    }
  }
  const result: AppliedPayment = {
    applied: true,
    status,
    extended_to: extendedTo,
    extension_cost: extensionCost,
    ...split,
  };
  await trx
    .insertInto('loan_payments')
    .values({
      loan_id: loan.id,
      external_id: payment.externalId,
      channel: payment.channel,
      payment_type: payment.paymentType,
      amount: payment.amount,
      applied: JSON.stringify(result),
    })
    .execute();
  // The receipt is only recorded here; the job queue emails it after the commit.
  await recordCustomerMail(trx, {
    key: `receipt:${payment.externalId}`,
    kind: 'receipt',
    userId: String(loan.user_id),
    loanId: loan.id,
    detail: {
      loan: loan.public_id,
      amount: payment.amount,
      paymentType: payment.paymentType,
      day: formatWireDate(today),
      left: (await owedOf(trx, loan.id)).total,
      extendedTo,
    },
  });
  return result;
}

const formatWireDay = (value: unknown) => (value instanceof Date ? formatWireDate(value) : value);

export async function applyPayment(db: Kysely<Database>, payment: IncomingPayment, today: Date) {
  return db.transaction().execute((trx) => applyPaymentIn(trx, payment, today));
}
