import type { Kysely } from 'kysely';
import { wireDay } from '../db/dates';
import type { Database } from '../db/schema';

/**
 * The reviews customers asked for and staff have not answered yet, the oldest due first: with the decision's own
 * recorded reasons and the customer's point of view, beside the manual verification queue.
 */
export async function pendingReviews(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('decision_reviews as r')
    .innerJoin('loans as l', 'l.id', 'r.loan_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('user_profiles as p', 'p.user_id', 'r.user_id')
    .leftJoin('loan_decisions as d', 'd.id', 'r.decision_id')
    .select([
      'r.loan_id',
      'r.user_id',
      'r.comment',
      'r.requested_at',
      'r.due_on',
      'l.public_id',
      'd.outcome',
      'd.reasons',
      'u.mobile_phone',
      'p.first_name',
      'p.first_surname',
    ])
    .where('r.answered_at', 'is', null)
    .orderBy('r.due_on')
    .orderBy('r.id')
    .limit(200)
    .execute();
  return rows.map((row) => ({ ...row, due_on: wireDay(row.due_on) ?? '', reasons: row.reasons ?? [] }));
}

export type PendingReview = Awaited<ReturnType<typeof pendingReviews>>[number];
