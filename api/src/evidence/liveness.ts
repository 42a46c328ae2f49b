import type { LivenessResult, LivenessView } from '@credimo/shared/contract';
import { SUPPORT_PHONE } from '@credimo/shared/contract';
import { messages, t } from '@credimo/shared/i18n';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { LivenessProvider, LivenessVerdict } from '../providers/liveness';

/**
 * The user's liveness (latest status, another try allowed): from the `user_liveness` view, so GET /v2/user can
 * join it in its one query:
 * `left join user_liveness l on l.user_id = users.id` then `json_build_object('status', l.status, 'allowed', l.allowed)`.
 */
export async function livenessOf(db: Kysely<Database>, userId: string): Promise<LivenessView> {
  const row = await db
    .selectFrom('user_liveness')
    .select(['status', 'allowed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { status: row?.status ?? null, allowed: row?.allowed ?? true };
}

/** A provider's verdict (from its signed callback or a lookup) recorded for the transaction. */
export async function recordLivenessVerdict(
  db: Kysely<Database> | Transaction<Database>,
  provider: string,
  verdict: LivenessVerdict,
): Promise<LivenessVerdict> {
  await db
    .insertInto('liveness_checks')
    .values({ transaction_id: verdict.transactionId, provider, status: verdict.status })
    .onConflict((oc) => oc.column('transaction_id').doUpdateSet({ status: verdict.status, updated_at: new Date() }))
    .execute();
  return verdict;
}

const unknownTransaction = () => ApiError.field(404, 'transaction_id', messages.livenessTransactionUnknown);

/**
 * PUT /v2/user/liveness: the customer hands over the transaction the provider's page returned. The first customer
 * to hand it over keeps it (another customer gets the same 404 as for an unknown id). While no final verdict is
 * known, the provider is asked. Failed while allowed is an error (take the photo again); pending
 * is in verification.
 */
export async function claimLiveness(
  db: Kysely<Database>,
  provider: LivenessProvider,
  userId: string,
  transactionId: string,
): Promise<LivenessResult> {
  const known = await db
    .selectFrom('liveness_checks')
    .select(['user_id', 'status'])
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
  if (known?.user_id && known.user_id !== userId) throw unknownTransaction();
  if (!known || known.status === 'pending') {
    const status = await provider.lookup(transactionId);
    if (!status) throw unknownTransaction();
    await recordLivenessVerdict(db, provider.name, { transactionId, status });
  }
  const claimed = await db
    .updateTable('liveness_checks')
    .set({ user_id: userId, claimed_at: new Date() })
    .where('transaction_id', '=', transactionId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
    .returning('status')
    .executeTakeFirst();
  if (!claimed) throw unknownTransaction();

  const liveness = await livenessOf(db, userId);
  if (claimed.status === 'failed') {
    throw liveness.allowed
      ? ApiError.field(422, 'transaction_id', messages.photoNotVerified)
      : ApiError.field(422, 'transaction_id', t('livenessAttemptsExhausted', { phone: SUPPORT_PHONE }));
  }
  return { liveness, message: claimed.status === 'pending' ? messages.livenessPending : null };
}
