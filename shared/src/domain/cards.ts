import { addMonths, endOfMonth } from 'date-fns';

/** The card request statuses, by what the app shows for them. */
export const CARD_REQUEST_STATUSES = {
  Completed: 'completed',
  PartiallyRefunded: 'completed',
  Refunded: 'completed',
  New: 'processing',
  PendingConfirmation: 'processing',
  Error: 'error',
  Fraud: 'error',
} as const;

export type CardRequestStatus = keyof typeof CARD_REQUEST_STATUSES;
export type CardRequestGroup = (typeof CARD_REQUEST_STATUSES)[CardRequestStatus];

export const COMPLETED_CARD_STATUSES = (Object.keys(CARD_REQUEST_STATUSES) as CardRequestStatus[]).filter(
  (status) => CARD_REQUEST_STATUSES[status] === 'completed',
);

export function cardRequestGroup(status: string | null | undefined): CardRequestGroup | null {
  return status && status in CARD_REQUEST_STATUSES ? CARD_REQUEST_STATUSES[status as CardRequestStatus] : null;
}

/** A card for auto-debit must stay valid more than 3 months. */
export const CARD_MIN_VALID_MONTHS = 3;

/** Luhn checksum of a card number (digits only, 12 to 19 of them). */
export function isLuhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit >= 10) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A card works until the end of its expiry month; it must still work 3 months from today. */
export function cardValidLongEnough(expiryMonth: number, expiryYear: number, today: Date = new Date()): boolean {
  if (!Number.isInteger(expiryMonth) || expiryMonth < 1 || expiryMonth > 12) return false;
  const lastDay = endOfMonth(new Date(expiryYear, expiryMonth - 1, 1));
  return lastDay > addMonths(today, CARD_MIN_VALID_MONTHS);
}

/** A saved card as GET /v2/user and the cards list name it (expiry absent from older answers: then unusable). */
export interface SavedCardExpiry {
  expiry_month?: number | null;
  expiry_year?: number | null;
}

/** A saved card can carry auto-debit while it stays valid more than 3 months. */
export const canCarryAutoDebit = (card: SavedCardExpiry, today: Date = new Date()) =>
  cardValidLongEnough(card.expiry_month ?? 0, card.expiry_year ?? 0, today);

/**
 * The one rule the browser (rule 13, the account finishing the auto-debit step) and the API (which refuses
 * auto-debit otherwise) share: the customer has a saved card that can carry auto-debit.
 */
export const hasAutoDebitCard = (cards: readonly SavedCardExpiry[] | null | undefined, today: Date = new Date()) =>
  cards?.some((card) => canCarryAutoDebit(card, today)) ?? false;

/** Saved cards, none of which can carry auto-debit any more: the customer is told and asked for another. */
export const savedCardsExpiringSoon = (
  cards: readonly SavedCardExpiry[] | null | undefined,
  today: Date = new Date(),
) => (cards ?? []).length > 0 && !hasAutoDebitCard(cards, today);

/**
 * Rule 13 and the account: a customer with a card on file that can carry auto-debit (a completed card request saves
 * its card, so a completed request whose card now expires too soon does not count either).
 */
export const autoDebitCardOnFile = (
  user: { payment_cards?: readonly SavedCardExpiry[] | null } | null | undefined,
  today: Date = new Date(),
) => hasAutoDebitCard(user?.payment_cards, today);

/** A name's words in capitals without accents: what a card embosses. */
const comparable = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .match(/[A-Z]+/g) ?? [];

/**
 * The card must be personal. The holder's name on the card must carry the customer's first name
 * and first surname (accents, case and order aside; cards often leave out the second surname).
 */
export function cardHolderMatches(holder: string, customer: { first_name: string; first_surname: string }): boolean {
  const words = new Set(comparable(holder));
  const needed = [...comparable(customer.first_name), ...comparable(customer.first_surname)];
  return needed.length > 0 && needed.every((word) => words.has(word));
}

/** The card number as we may show and keep it: first six and last four digits. */
export function maskPan(number: string): string {
  return `${number.slice(0, 6)}${'*'.repeat(Math.max(0, number.length - 10))}${number.slice(-4)}`;
}
