import { LoanStatus } from '@credimo/shared/domain';
import { formatWireDate } from '@credimo/shared/format';
import { messages } from '@credimo/shared/i18n';
import { addDays } from 'date-fns';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { post, recipes } from '../domain/ledger';
import { lockLoan, transition, transitionRefused } from '../domain/transitions';
import { ApiError } from '../http/errors';
import { hmac, safeEqual, secret } from '../identity/crypto';
import type { JobQueue } from '../jobs/queue';
import type { PayoutProvider } from '../providers/payout';
import { openLoanId } from './ownership';

/** The 14-day withdrawal right runs from the day the money is given (Ley 16/2011, art. 28). */
export const WITHDRAWAL_DAYS = 14;

/**
 * POST /v2/loan/issuance and PUT /v2/user/issuance: once signed and past the auto-debit step, the payout is
 * ordered: ContractSigned -> Processing, the principal moves from cash into payout clearing, and a job (the
 * sandbox bank) confirms it. Idempotent: one payout per loan; calling again returns the first one.
 */
export async function startPayout(
  db: Kysely<Database>,
  jobs: JobQueue,
  provider: PayoutProvider & { confirmAfterSeconds?: number },
  userId: string,
  idempotencyKey: string | null,
): Promise<{ reference: string; created: boolean }> {
  const loanId = await openLoanId(db, userId);
  const result = await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    const existing = await trx
      .selectFrom('payouts')
      .select('provider_reference')
      .where('loan_id', '=', loanId)
      .executeTakeFirst();
    if (existing) return { reference: existing.provider_reference, created: false };
    if (loan.status !== LoanStatus.ContractSigned || !loan.auto_debit_step_completed || !loan.iban)
      throw transitionRefused();
    await transition(trx, loanId, LoanStatus.Processing, {
      actor: { kind: 'customer', id: userId },
      reason: 'payout requested',
    });
    const amount = Number(loan.request_amount);
    const { reference } = await provider.send({ amount, iban: loan.iban, loanPublicId: loan.public_id });
    await trx
      .insertInto('payouts')
      .values({
        loan_id: loanId,
        idempotency_key: idempotencyKey ?? `payout:${loanId}`,
        provider_reference: reference,
        amount,
        iban: loan.iban,
        status: 'accepted',
      })
      .execute();
    await post(trx, {
      key: `payout-sent:${loanId}`,
      kind: 'payout_sent',
      loanId,
      postings: recipes.payoutSent(loanId, amount),
    });
    if (provider.sandbox) {
      await jobs.send(
        'payout.confirm',
        { reference },
        { key: `payout:${reference}`, afterSeconds: provider.confirmAfterSeconds ?? 2, trx },
      );
    }
    return { reference, created: true };
  });
  if (result.created) await emitFunnelEvent(db, { userId, loanId, name: 'payout_started' });
  return result;
}

/**
 * The bank confirmed the payout (job or signed callback): Processing -> Active with give_date, must_pay_date
 * (term days later) and the withdrawal deadline; the customer now owes principal and commission. A replay of
 * an already confirmed payout changes nothing; a payout whose loan is not awaiting it is refused.
 */
export async function confirmPayout(db: Kysely<Database>, reference: string, source: string, today = new Date()) {
  const outcome = await db.transaction().execute(async (trx) => {
    const payout = await trx
      .selectFrom('payouts')
      .selectAll()
      .where('provider_reference', '=', reference)
      .forUpdate()
      .executeTakeFirst();
    if (!payout) throw ApiError.request(404, messages.routeNotFound);
    if (payout.status === 'confirmed') return null;
    const loan = await lockLoan(trx, payout.loan_id);
    if (loan.status !== LoanStatus.Processing) throw transitionRefused();
    const giveDate = formatWireDate(today);
    await transition(trx, loan.id, LoanStatus.Active, {
      actor: { kind: 'provider', id: source },
      reason: `payout ${reference} confirmed`,
    });
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
      postings: recipes.payoutConfirmed(loan.id, Number(payout.amount), Number(loan.commission)),
      detail: { reference },
    });
    return { userId: loan.user_id, loanId: loan.id };
  });
  if (outcome) await emitFunnelEvent(db, { ...outcome, name: 'payout', detail: { source } });
  return outcome !== null;
}

export interface PayoutCallback {
  reference: string;
  status: 'confirmed';
  nonce: string;
  timestamp: number;
}

/** Callbacks older than this are refused, so a captured one cannot be replayed later with a new nonce store. */
const CALLBACK_MAX_AGE_SECONDS = 300;

const callbackText = (c: PayoutCallback) => `${c.reference}.${c.status}.${c.nonce}.${c.timestamp}`;

/** What the (sandbox) bank signs its callback with: HMAC-SHA256 over the fields, key shared with the bank. */
export async function signPayoutCallback(db: Kysely<Database>, callback: PayoutCallback): Promise<string> {
  return hmac(await secret(db, 'payout_callback_key'), callbackText(callback));
}

/** The bank's signed callback: signature and age checked, each nonce accepted once (a replay changes nothing). */
export async function payoutCallback(db: Kysely<Database>, callback: PayoutCallback, signature: string | undefined) {
  const expected = await signPayoutCallback(db, callback);
  const age = Math.abs(Date.now() / 1000 - callback.timestamp);
  if (!signature || !safeEqual(expected, signature) || age > CALLBACK_MAX_AGE_SECONDS) {
    throw ApiError.request(401, messages.callbackRejected);
  }
  const fresh = await db
    .insertInto('provider_callback_nonces')
    .values({ provider: 'payout', nonce: callback.nonce })
    .onConflict((oc) => oc.columns(['provider', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!fresh) return { applied: false };
  try {
    return { applied: await confirmPayout(db, callback.reference, 'bank-callback') };
  } catch (error) {
    // A refused callback must not burn its nonce: the bank may retry once the loan is awaiting payout.
    await db
      .deleteFrom('provider_callback_nonces')
      .where('provider', '=', 'payout')
      .where('nonce', '=', callback.nonce)
      .execute();
    throw error;
  }
}
