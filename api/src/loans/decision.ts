import { filesToAsk, LoanStatus } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely, Transaction } from 'kysely';
import { loanEarnedDiscountPercent } from '../cards';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { ageOn, type DecisionOutcome, evaluate, type Reason } from '../domain/decision-rules';
import { emitFunnelEvent } from '../domain/funnel';
import { priceFor } from '../domain/price';
import { type Actor, lockLoan, transition } from '../domain/transitions';
import { ApiError } from '../errors';
import { documentsOf, livenessOf } from '../evidence';
import { notifyCustomer } from '../notifications';
import { loadProduct } from '../pricing/repository';
import type { JobQueue } from '../queue/job-queue';
import { reviewOf } from './review';

/** The waiting times: the application page waits 60 s, the others 180 s; then Timeout 36. */
export const DECISION_TIMING = {
  requestTimeoutSeconds: 60,
  otherTimeoutSeconds: 180,
} as const;

const UNDECIDED: readonly number[] = [LoanStatus.Request, LoanStatus.New];
const job: Actor = { kind: 'job', id: 'sandbox-scoring' };

/**
 * Queues the automated decision (the sandbox answers within a few seconds) and its time-out for a new
 * application. Safe to call again: one queued job per loan.
 */
export async function requestDecision(jobs: JobQueue, loanId: string, decideAfterSeconds: number): Promise<void> {
  await jobs.send('loan.decide', { loanId }, { key: `decide:${loanId}`, afterSeconds: decideAfterSeconds });
  await jobs.send(
    'loan.decision-timeout',
    { loanId, status: LoanStatus.Request },
    { key: `timeout:${loanId}:${LoanStatus.Request}`, afterSeconds: DECISION_TIMING.requestTimeoutSeconds },
  );
}

/** Where an approved loan goes next: the disbursement method first unless it is already known. */
function nextAfterApproval(loan: { method_of_disbursement: number | null; iban: string | null }): number {
  if (loan.method_of_disbursement === 9) return LoanStatus.AwaitingBankProcessData;
  if (loan.method_of_disbursement === 1 && loan.iban) return LoanStatus.AwaitingSignContract;
  return LoanStatus.AwaitingIssuanceMethod;
}

async function recordDecision(
  trx: Transaction<Database>,
  loanId: string,
  d: { outcome: string; reasons: Reason[]; automated: boolean; by: string; requested: number; offered: number | null },
) {
  await trx
    .insertInto('loan_decisions')
    .values({
      loan_id: loanId,
      outcome: d.outcome,
      reasons: JSON.stringify(d.reasons),
      automated: d.automated,
      decided_by: d.by,
      requested_amount: d.requested,
      offered_amount: d.offered,
    })
    .execute();
}

/** Approves (possibly with a lower amount, repriced by the product's rules) and moves the loan on. */
async function approve(
  trx: Transaction<Database>,
  loanId: string,
  actor: Actor,
  amount: number | null,
  reason: string,
) {
  const loan = await lockLoan(trx, loanId);
  if (amount !== null && amount !== Number(loan.request_amount)) {
    const { rules } = await loadProduct(trx, loan.product_id);
    // First loan as at application time: no other loan of this customer was ever paid out.
    const borrowedBefore = await trx
      .selectFrom('loans')
      .select('id')
      .where('user_id', '=', loan.user_id)
      .where('id', '<>', loanId)
      .where('status', 'not in', [LoanStatus.Denied, LoanStatus.Timeout, LoanStatus.Request, LoanStatus.New])
      .executeTakeFirst();
    const firstLoan = borrowedBefore === undefined;
    const promo = loan.promocode
      ? await trx
          .selectFrom('promo_codes')
          .select('percent_commission')
          .where('code', '=', loan.promocode)
          .executeTakeFirst()
      : undefined;
    const earned = await loanEarnedDiscountPercent(trx, loanId);
    const price = priceFor(rules, loan.term, amount, {
      firstLoan,
      commissionDiscountPercent: earned ?? promo?.percent_commission ?? null,
    });
    // The original request stays in original_request_amount; the counter-offer needs the customer's approval.
    await trx
      .updateTable('loans')
      .set({
        request_amount: amount,
        commission: price.commissions.total,
        original_commission: price.commissions.original_total,
        return_amount: price.return_amount,
        tae_tenths: Math.round(price.tae * 10),
        is_free: price.is_free,
        new_conditions_approved: false,
      })
      .where('id', '=', loanId)
      .execute();
  }
  await trx.updateTable('loans').set({ approve_date: new Date() }).where('id', '=', loanId).execute();
  return transition(trx, loanId, nextAfterApproval(loan), { actor, reason });
}

/**
 * A decision that may lend asks for the identity photos and selfie not sent
 * yet, and manual verification for an income statement too. The loan keeps the list until each photo arrives.
 */
async function askForFiles(trx: Transaction<Database>, loanId: string, userId: string, manualReview: boolean) {
  const [documents, liveness] = await Promise.all([documentsOf(trx, userId), livenessOf(trx, userId)]);
  const files = filesToAsk({
    documents: documents.map((d) => d.type),
    livenessStatus: liveness.status,
    manualReview,
  });
  await trx
    .updateTable('loans')
    .set({ required_files: JSON.stringify(files) })
    .where('id', '=', loanId)
    .execute();
}

/** The declined text, left in the customer's inbox too (they may have closed the page). */
const tellDeclined = (trx: Transaction<Database>, userId: string) =>
  notifyCustomer(trx, userId, messages.applicationDeclined, 'error');

async function loanInputs(trx: Transaction<Database>, userId: string) {
  const [profile, employment] = await Promise.all([
    trx
      .selectFrom('user_profiles')
      .select(['birthday', 'personal_id'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    trx
      .selectFrom('user_employment')
      .select(['income_amount', 'has_current_loan'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { profile, employment };
}

/** The automated decision (job `loan.decide`): does nothing unless the loan still waits for one. */
export async function decide(db: Kysely<Database>, jobs: JobQueue, loanId: string, today = new Date()) {
  const result = await db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    if (!UNDECIDED.includes(loan.status)) return null;
    const { rules } = await loadProduct(trx, loan.product_id);
    const { profile, employment } = await loanInputs(trx, loan.user_id);
    const outcome: DecisionOutcome = evaluate({
      age: ageOn(wireDay(profile?.birthday) ?? null, today),
      incomeCents: employment?.income_amount == null ? null : Number(employment.income_amount),
      hasCurrentLoan: employment?.has_current_loan ?? null,
      personalId: profile?.personal_id ?? null,
      amount: Number(loan.request_amount),
      product: { minAmount: rules.minAmount, amountStep: rules.amountStep },
    });
    const offered = outcome.kind === 'counter_offer' ? outcome.amount : null;
    await recordDecision(trx, loanId, {
      outcome: outcome.kind,
      reasons: outcome.reasons,
      automated: true,
      by: job.id ?? 'job',
      requested: Number(loan.request_amount),
      offered,
    });
    const why = outcome.reasons.map((r) => r.code).join(',');
    if (outcome.kind === 'deny') {
      await transition(trx, loanId, LoanStatus.Denied, { actor: job, reason: `automated decision: ${why}` });
      await tellDeclined(trx, loan.user_id);
    } else if (outcome.kind === 'manual') {
      await askForFiles(trx, loanId, loan.user_id, true);
      await transition(trx, loanId, LoanStatus.AwaitingVerification, { actor: job, reason: `manual review: ${why}` });
      await jobs.send(
        'loan.decision-timeout',
        { loanId, status: LoanStatus.AwaitingVerification },
        {
          key: `timeout:${loanId}:${LoanStatus.AwaitingVerification}`,
          afterSeconds: DECISION_TIMING.otherTimeoutSeconds,
          trx,
        },
      );
    } else {
      await askForFiles(trx, loanId, loan.user_id, false);
      await approve(trx, loanId, job, offered, `automated decision: ${outcome.kind} (${why})`);
    }
    return { userId: loan.user_id, outcome: outcome.kind };
  });
  if (result) {
    await emitFunnelEvent(db, { userId: result.userId, loanId, name: 'decision', detail: { outcome: result.outcome } });
  }
  return result?.outcome ?? null;
}

/** Job `loan.decision-timeout`: a loan still waiting in the status the timer was set for is denied by time-out. */
export async function decisionTimeout(db: Kysely<Database>, loanId: string, status: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    if (loan.status !== status && !(status === LoanStatus.Request && loan.status === LoanStatus.New)) return false;
    await transition(trx, loanId, LoanStatus.Timeout, {
      actor: { kind: 'job', id: 'decision-timeout' },
      reason: 'nothing decided in time',
    });
    await tellDeclined(trx, loan.user_id);
    return true;
  });
}

/** An operator's decision on a loan in manual verification (the console and `npm run ops` call these). */
export async function operatorDecision(
  db: Kysely<Database>,
  loanId: string,
  operator: string,
  decision: { approve: true; amount?: number } | { approve: false; reason: string },
): Promise<number> {
  const actor: Actor = { kind: 'operator', id: operator };
  return db.transaction().execute(async (trx) => {
    const loan = await lockLoan(trx, loanId);
    if (loan.status !== LoanStatus.AwaitingVerification) throw ApiError.request(409, messages.loanStateConflict);
    const reasons = decision.approve
      ? [{ code: 'manual_approval', text: 'Un analista ha aprobado tu solicitud.' }]
      : [{ code: 'manual_denial', text: decision.reason }];
    await recordDecision(trx, loanId, {
      outcome: decision.approve ? (decision.amount ? 'counter_offer' : 'approve') : 'deny',
      reasons,
      automated: false,
      by: `operator:${operator}`,
      requested: Number(loan.request_amount),
      offered: decision.approve ? (decision.amount ?? null) : null,
    });
    if (!decision.approve) {
      const { loan: after } = await transition(trx, loanId, LoanStatus.Denied, { actor, reason: decision.reason });
      await tellDeclined(trx, loan.user_id);
      return after.status;
    }
    // The analyst has seen the income; the identity photos still asked for are still needed before signing.
    await trx
      .updateTable('loans')
      .set({ required_files: JSON.stringify((loan.required_files ?? []).filter((f) => f !== 'income_statement')) })
      .where('id', '=', loanId)
      .execute();
    const { loan: after } = await approve(trx, loanId, actor, decision.amount ?? null, 'manual approval');
    return after.status;
  });
}

/** GET /v2/loan/decision: the reasons of the latest automated decision on the caller's loan. */
export async function decisionReasons(db: Kysely<Database>, loanId: string) {
  const row = await db
    .selectFrom('loan_decisions')
    .selectAll()
    .where('loan_id', '=', loanId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw ApiError.request(404, messages.noAutomatedDecision);
  const review = await reviewOf(db, loanId);
  return {
    outcome: row.outcome,
    automated: row.automated,
    reasons: row.reasons,
    decided_at: new Date(row.at).toISOString(),
    requested_amount: Number(row.requested_amount),
    offered_amount: row.offered_amount === null ? null : Number(row.offered_amount),
    review_requested_at: review?.requested_at ?? null,
    review,
  };
}
