import { randomBytes } from 'node:crypto';
import type { PaymentCard } from '@credimo/shared/contract';
import {
  type CardRequestStatus,
  COMPLETED_CARD_STATUSES,
  cardHolderMatches,
  cardRequestGroup,
  cardValidLongEnough,
  hasAutoDebitCard,
} from '@credimo/shared/domain';
import { type MessageKey, messages } from '@credimo/shared/i18n';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { emitFunnelEvent } from '../domain/funnel';
import { ApiError } from '../errors';
import type { CardAcquirer, CardRequestEvent } from './acquirer';

/** Adding a card earns this discount (GET /v2/discounts) on the next loan. */
export const CARD_DISCOUNT_TARGET = 'autodebit_card_added';

const cardNotFound = () => ApiError.request(404, messages.cardNotFound);

/** Starts a card request for the customer; the browser goes to the acquirer's page it names. */
export async function startCardRequest(
  db: Kysely<Database>,
  acquirer: CardAcquirer,
  userId: string,
  returnUrl: string,
): Promise<{ request_id: string; status: string; url: string }> {
  const requestId = `cr_${randomBytes(16).toString('hex')}`;
  await db
    .insertInto('payment_cards')
    .values({ user_id: userId, request_id: requestId, status: 'New', return_url: returnUrl })
    .execute();
  return { request_id: requestId, status: 'New', url: acquirer.tokenizationUrl(requestId, returnUrl) };
}

/**
 * Our rules on a card the acquirer tokenized: valid more than 3 months and personal. The
 * acquirer does not know them, so a card it completed may still be refused here.
 */
export function cardRefusal(
  card: NonNullable<CardRequestEvent['card']>,
  customer: { first_name: string; first_surname: string } | undefined,
  today: Date,
): MessageKey | null {
  if (!cardValidLongEnough(card.expiry_month, card.expiry_year, today)) return 'cardExpiresTooSoon';
  if (!customer || !cardHolderMatches(card.holder, customer)) return 'cardNotPersonal';
  return null;
}

/**
 * The acquirer's callback, inside the replay claim's transaction: records the request's status; a completed
 * card that passes our rules is saved (default if it is the first) and earns the next loan's discount.
 */
export async function recordCardRequest(
  trx: Transaction<Database>,
  event: CardRequestEvent,
  today: Date = new Date(),
): Promise<{ applied: boolean; status: CardRequestStatus | null; reason: string | null }> {
  const row = await trx
    .selectFrom('payment_cards')
    .select(['id', 'user_id', 'status'])
    .where('request_id', '=', event.request_id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { applied: false, status: null, reason: null };
  // A settled request stays settled: a late "processing" event must not reopen it.
  if (cardRequestGroup(row.status) !== 'processing') return { applied: false, status: row.status, reason: null };
  const userId = String(row.user_id);
  let status: CardRequestStatus = event.status as CardRequestStatus;
  let failure: MessageKey | null = null;
  const completed = cardRequestGroup(status) === 'completed';
  if (completed) {
    const customer = await trx
      .selectFrom('user_profiles')
      .select(['first_name', 'first_surname'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    failure = event.card ? cardRefusal(event.card, customer, today) : 'cardDeclined';
    if (failure) status = 'Error';
  } else if (cardRequestGroup(status) === 'error') {
    failure = 'cardDeclined';
  }
  const keep = status !== 'Error' && completed && event.card;
  const hasDefault = keep
    ? await trx
        .selectFrom('payment_cards')
        .select('id')
        .where('user_id', '=', userId)
        .where('is_default', '=', true)
        .executeTakeFirst()
    : undefined;
  await trx
    .updateTable('payment_cards')
    .set({
      status,
      failure: failure ? messages[failure] : null,
      updated_at: new Date(),
      ...(keep && event.card
        ? {
            token: event.card.token,
            pan: event.card.pan,
            holder: event.card.holder,
            expiry_month: event.card.expiry_month,
            expiry_year: event.card.expiry_year,
            is_default: hasDefault === undefined,
          }
        : {}),
    })
    .where('id', '=', row.id)
    .execute();
  if (keep) {
    await trx
      .insertInto('earned_discounts')
      .values({ user_id: userId, target: CARD_DISCOUNT_TARGET })
      .onConflict((oc) => oc.columns(['user_id', 'target']).doNothing())
      .execute();
    await emitFunnelEvent(trx, { userId, loanId: null, name: 'card_added', detail: { status } });
  }
  return { applied: true, status, reason: failure ? messages[failure] : null };
}

/** The customer's saved cards: completed requests only, default first. */
export async function listCards(db: Kysely<Database>, userId: string): Promise<PaymentCard[]> {
  const rows = await db
    .selectFrom('payment_cards')
    .select(['id', 'pan', 'holder', 'expiry_month', 'expiry_year', 'is_default'])
    .where('user_id', '=', userId)
    .where('status', 'in', COMPLETED_CARD_STATUSES)
    .where('token', 'is not', null)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    pan: r.pan ?? '',
    holder: r.holder ?? '',
    expiry_month: r.expiry_month ?? 0,
    expiry_year: r.expiry_year ?? 0,
    is_default: r.is_default,
  }));
}

async function ownCard(db: Kysely<Database>, userId: string, cardId: string) {
  const card = await db
    .selectFrom('payment_cards')
    .selectAll()
    .where('id', '=', cardId)
    .where('user_id', '=', userId)
    .where('status', 'in', COMPLETED_CARD_STATUSES)
    .where('token', 'is not', null)
    .executeTakeFirst();
  if (!card) throw cardNotFound();
  return card;
}

/** PUT /v2/user/payment_card/{id}: the customer's own card becomes the default; others' cards are a 404. */
export async function setDefaultCard(db: Kysely<Database>, userId: string, cardId: string): Promise<PaymentCard[]> {
  await ownCard(db, userId, cardId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payment_cards')
      .set({ is_default: false })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .execute();
    await trx.updateTable('payment_cards').set({ is_default: true }).where('id', '=', cardId).execute();
  });
  return listCards(db, userId);
}

/** GET /v2/user/payment_card/{id}/validate: the card can still carry auto-debit (valid more than 3 months). */
export async function validateCard(
  db: Kysely<Database>,
  userId: string,
  cardId: string,
  today: Date = new Date(),
): Promise<{ valid: boolean; reason: string | null }> {
  const card = await ownCard(db, userId, cardId);
  const valid = cardValidLongEnough(card.expiry_month ?? 0, card.expiry_year ?? 0, today);
  return { valid, reason: valid ? null : messages.cardExpiresTooSoon };
}

/** Auto-debit needs a completed card request whose card is still valid more than 3 months. */
export async function hasUsableCard(db: Kysely<Database>, userId: string, today: Date = new Date()) {
  return hasAutoDebitCard(await listCards(db, userId), today);
}

/**
 * The earned discount a new loan takes (15 % on the next loan after adding a card), claimed for that
 * loan in the application's transaction so it is spent once.
 */
export async function unusedEarnedDiscount(
  trx: Transaction<Database>,
  userId: string,
): Promise<{ target: string; percent: number } | null> {
  const row = await trx
    .selectFrom('earned_discounts')
    .innerJoin('discounts', 'discounts.target', 'earned_discounts.target')
    .select(['earned_discounts.target', 'discounts.percent'])
    .where('earned_discounts.user_id', '=', userId)
    .where('earned_discounts.used_by_loan_id', 'is', null)
    .orderBy('discounts.percent', 'desc')
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

export async function spendEarnedDiscount(
  trx: Transaction<Database>,
  userId: string,
  target: string,
  loanId: string,
): Promise<void> {
  await trx
    .updateTable('earned_discounts')
    .set({ used_by_loan_id: loanId })
    .where('user_id', '=', userId)
    .where('target', '=', target)
    .where('used_by_loan_id', 'is', null)
    .execute();
}

/** The discount a loan took at application, to price a counter-offer the same way. */
export async function loanEarnedDiscountPercent(trx: Transaction<Database>, loanId: string): Promise<number | null> {
  const row = await trx
    .selectFrom('earned_discounts')
    .innerJoin('discounts', 'discounts.target', 'earned_discounts.target')
    .select('discounts.percent')
    .where('earned_discounts.used_by_loan_id', '=', loanId)
    .executeTakeFirst();
  return row?.percent ?? null;
}
