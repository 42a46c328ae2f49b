import { CLOSED_LOAN_STATUSES } from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';

/** The caller's open loan, found through their session only; none is a 404 that says nothing more. */
export async function openLoanId(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'not in', [...CLOSED_LOAN_STATUSES])
    .executeTakeFirst();
  if (!row) throw ApiError.request(404, messages.routeNotFound);
  return String(row.id);
}

/** The caller's latest loan (open or closed), for reading its decision. */
export async function latestLoanId(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('loans')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('request_date', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) throw ApiError.request(404, messages.routeNotFound);
  return String(row.id);
}
