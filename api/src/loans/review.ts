import { reviewDueOn } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { customerRightsStaff as texts } from '@credimo/shared/i18n/screens/customer-rights-staff';
import type { Kysely } from 'kysely';
import type { LenderIdentity } from '../config';
import { rightsSettings } from '../customer-rights';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { ApiError } from '../errors';
import { recordCustomerMail } from '../mail';
import { notifyCustomer } from '../notifications';

/**
 * A person's review of an automated decision (CCD2 Art. 18(8)-(9), GDPR Art. 22): the customer asks once per
 * decision, with their point of view; staff answer within the configured days, upholding or overturning it with a
 * reason the customer reads in their inbox, by email (or SMS without one) and on the account's declined card.
 */

export type ReviewOutcome = 'upheld' | 'overturned';

/** The review of a loan's decision as the customer reads it, or null if none was asked for. */
export async function reviewOf(db: Kysely<Database>, loanId: string) {
  const row = await db
    .selectFrom('decision_reviews')
    .select(['requested_at', 'due_on', 'answered_at', 'outcome', 'answer'])
    .where('loan_id', '=', loanId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    requested_at: new Date(row.requested_at).toISOString(),
    due_on: wireDay(row.due_on) ?? '',
    answered_at: row.answered_at ? new Date(row.answered_at).toISOString() : null,
    outcome: row.outcome,
    answer: row.answer,
  };
}

/** POST /v2/loan/decision/review: the customer asks for a person to review the automated decision, once. */
export async function requestReview(
  db: Kysely<Database>,
  lender: LenderIdentity,
  request: { loanId: string; userId: string; comment: string | null; now?: Date },
) {
  const now = request.now ?? new Date();
  const decision = await db
    .selectFrom('loan_decisions')
    .select('id')
    .where('loan_id', '=', request.loanId)
    .where('automated', '=', true)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!decision) throw ApiError.request(422, messages.noAutomatedDecision);
  const { review_answer_days } = await rightsSettings(db, lender);
  const comment = request.comment?.trim() || null;
  const inserted = await db
    .insertInto('decision_reviews')
    .values({
      loan_id: request.loanId,
      user_id: request.userId,
      decision_id: decision.id,
      comment,
      requested_at: now,
      due_on: reviewDueOn(now, review_answer_days),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw ApiError.request(409, messages.reviewAlreadyRequested);
  await emitFunnelEvent(db, { userId: request.userId, loanId: request.loanId, name: 'decision_review_requested' });
}

export class ReviewAnswerError extends Error {
  constructor(
    readonly reason: 'reviewNotFound' | 'reviewAnswered',
    readonly status: number,
  ) {
    super(reason);
  }
}

/**
 * A staff member's answer to a review: recorded once (a second answer is refused), and told to the customer in
 * their inbox and by a message the mail queue sends (email, or SMS to a customer without one).
 */
export async function answerReview(
  db: Kysely<Database>,
  answer: { loanId: string; staff: string; outcome: ReviewOutcome; reason: string; publicId: string },
) {
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom('decision_reviews')
      .select(['id', 'user_id', 'answered_at'])
      .where('loan_id', '=', answer.loanId)
      .forUpdate()
      .executeTakeFirst();
    if (!review) throw new ReviewAnswerError('reviewNotFound', 404);
    if (review.answered_at) throw new ReviewAnswerError('reviewAnswered', 409);
    await trx
      .updateTable('decision_reviews')
      .set({ answered_at: new Date(), answered_by: answer.staff, outcome: answer.outcome, answer: answer.reason })
      .where('id', '=', review.id)
      .execute();
    await notifyCustomer(
      trx,
      review.user_id,
      texts.notice[answer.outcome],
      answer.outcome === 'overturned' ? 'success' : 'info',
    );
    await recordCustomerMail(trx, {
      key: `review-answer:${review.id}`,
      kind: 'review_answer',
      userId: review.user_id,
      loanId: answer.loanId,
      detail: { loan: answer.publicId, outcome: answer.outcome, reason: answer.reason },
    });
    return { userId: review.user_id };
  });
}
