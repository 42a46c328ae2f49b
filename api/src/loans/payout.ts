import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { addDays } from 'date-fns';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { post, recipes } from '../domain/ledger';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import { ApiError } from '../errors';
import { filesOutstanding } from '../evidence';
import { type PayoutEvent, type PayoutProvider, SandboxPayoutProvider } from '../providers/payout';
import type { JobQueue } from '../queue/job-queue';
import { openLoanId } from './ownership';

/** The 14-day withdrawal right runs from the day the money is given (Ley 16/2011, art. 28). */
export const WITHDRAWAL_DAYS = 14;

/**
 * POST /v2/loan/issuance and PUT /v2/user/issuance: once signed and past the auto-debit step, the payout is
 * ordered: ContractSigned -> Processing, the principal moves from cash into payout clearing, and the bank settles it
 * by its signed callback. Idempotent: while a transfer is under way or made, calling again returns it. After a
 * bounce (ProcessingFail) calling again is the customer's retry: a new attempt to the same signed-for IBAN.
 */
export async function startPayout(
  db: Kysely<Database>,
  jobs: JobQueue,
  provider: PayoutProvider,
  userId: string,
  idempotencyKey: string | null,
): Promise<{ reference: string; created: boolean }> {
  const loanId = await openLoanId(db, userId);
  // Nor paid out (files asked after the signature, by an operator, count too).
  if ((await filesOutstanding(db, userId)).length > 0) throw ApiError.request(409, messages.requiredFilesOutstanding);
  const result = await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const attempts = await trx
      .selectFrom('payouts')
      .select(['provider_reference', 'status', 'attempt'])
      .where('loan_id', '=', loanId)
      .orderBy('attempt', 'desc')
      .execute();
    const live = attempts.find((a) => a.status !== 'failed');
    if (live) return { reference: live.provider_reference, created: false };
    const retry = loan.status === LoanStatus.ProcessingFail;
    if (!loan.iban || !(retry || (loan.status === LoanStatus.ContractSigned && loan.auto_debit_step_completed)))
      throw transitionRefused();
    const attempt = (attempts[0]?.attempt ?? 0) + 1;
    await transition(trx, loanId, LoanStatus.Processing, {
      actor: { kind: 'customer', id: userId },
      reason: retry ? `payout retried (attempt ${attempt})` : 'payout requested',
    });
    const amount = Number(loan.request_amount);
    const order = { amount, iban: loan.iban, loanPublicId: loan.public_id };
    const { reference } = await provider.send(order);
    const key = idempotencyKey ?? `payout:${loanId}`;
    await trx
      .insertInto('payouts')
      .values({
        loan_id: loanId,
        idempotency_key: attempt === 1 ? key : `${key}:${attempt}`,
        provider_reference: reference,
        amount,
        iban: loan.iban,
        status: 'accepted',
        attempt,
        rail: provider.rail ?? 'callback',
      })
      .execute();
    await post(trx, {
      key: attempt === 1 ? `payout-sent:${loanId}` : `payout-sent:${loanId}:${attempt}`,
      kind: 'payout_sent',
      loanId,
      postings: recipes.payoutSent(loanId, amount),
      detail: { reference, attempt },
    });
    if (provider instanceof SandboxPayoutProvider) {
      // The sandbox bank answers a moment later through the signed callback, as the real one does.
      await jobs.send(
        'payout.confirm',
        { reference, ...provider.outcomeFor(order) },
        { key: `payout:${reference}`, afterSeconds: provider.confirmAfterSeconds, trx },
      );
    }
    return { reference, created: true };
  });
  if (result.created) await emitFunnelEvent(db, { userId, loanId, name: 'payout_started' });
  return result;
}

/**
 * The bank's signed callback (providers/callback-route.ts: signature checked, once per event id), inside the
 * replay claim's transaction. Confirmed: Processing -> Active with give_date, must_pay_date (term days later) and
 * the withdrawal deadline; the customer now owes principal and commission. Failed (the transfer bounced):
 * Processing -> ProcessingFail and the principal goes back from clearing to cash. A transfer already settled
 * changes nothing; one whose loan is not awaiting it is refused (409, and the event may come again later).
 */
export async function settlePayout(
  trx: Transaction<Database>,
  event: PayoutEvent,
  today: Date,
): Promise<{ applied: boolean; status: 'accepted' | 'confirmed' | 'failed' }> {
  const payout = await trx
    .selectFrom('payouts')
    .selectAll()
    .where('provider_reference', '=', event.reference)
    .forUpdate()
    .executeTakeFirst();
  if (!payout) throw ApiError.request(404, messages.routeNotFound);
  if (payout.status !== 'accepted') return { applied: false, status: payout.status };
  const loan = await lockLoan(trx, payout.loan_id);
  if (loan.status !== LoanStatus.Processing) throw transitionRefused();
  const actor = { kind: 'provider' as const, id: 'payout' };
  const amount = Number(payout.amount);
  if (event.status === 'failed') {
    await transition(trx, loan.id, LoanStatus.ProcessingFail, {
      actor,
      reason: `payout ${event.reference} bounced${event.reason ? `: ${event.reason}` : ''}`,
    });
    await trx
      .updateTable('payouts')
      .set({ status: 'failed', failure: event.reason ?? null })
      .where('id', '=', payout.id)
      .execute();
    await post(trx, {
      key: `payout-failed:${payout.id}`,
      kind: 'payout_failed',
      loanId: loan.id,
      postings: recipes.payoutFailed(loan.id, amount),
      detail: { reference: event.reference, reason: event.reason ?? null },
    });
    await emitFunnelEvent(trx, {
      userId: loan.user_id,
      loanId: loan.id,
      name: 'payout_failed',
      detail: { attempt: payout.attempt },
    });
    return { applied: true, status: 'failed' };
  }
  const giveDate = formatWireDate(today);
  await transition(trx, loan.id, LoanStatus.Active, { actor, reason: `payout ${event.reference} confirmed` });
  await trx
    .updateTable('loans')
    .set({
      give_date: giveDate,
      must_pay_date: formatWireDate(addDays(today, loan.term)),
      withdrawal_until: formatWireDate(addDays(today, WITHDRAWAL_DAYS)),
    })
    .where('id', '=', loan.id)
    .execute();
  await trx
    .updateTable('payouts')
    .set({ status: 'confirmed', confirmed_at: new Date() })
    .where('id', '=', payout.id)
    .execute();
  await post(trx, {
    key: `payout-confirmed:${loan.id}`,
    kind: 'payout_confirmed',
    loanId: loan.id,
    postings: recipes.payoutConfirmed(loan.id, amount, Number(loan.commission)),
    detail: { reference: event.reference },
  });
  await emitFunnelEvent(trx, {
    userId: loan.user_id,
    loanId: loan.id,
    name: 'payout',
    detail: { attempt: payout.attempt },
  });
  return { applied: true, status: 'confirmed' };
}
