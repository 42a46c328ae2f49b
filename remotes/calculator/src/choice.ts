import { removeCookie, writeCookie } from '@credimo/shared';

/** The calculator's choice, kept for registration (SPEC section 5: used only if still in the price options). */
export const CHOICE_KEY = 'credimo:calculator';

export interface StoredChoice {
  productId: number;
  amount: number;
  term: number;
}

export function storeChoice(choice: StoredChoice, promocode: string | null): void {
  localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  // SPEC section 9: the promo code cookie lives 7 days.
  if (promocode) writeCookie('promoCode', promocode);
  else removeCookie('promoCode');
}

export function readChoice(): StoredChoice | null {
  try {
    const value = JSON.parse(localStorage.getItem(CHOICE_KEY) ?? 'null') as StoredChoice | null;
    return value && Number.isInteger(value.amount) && Number.isInteger(value.term) ? value : null;
  } catch {
    return null;
  }
}
