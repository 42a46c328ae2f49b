import { readCookie, writeCookie } from '../session/cookies';
import {
  CHOICE_KEY,
  isLoanChoice,
  type LoanChoice,
  loanChoiceAtom,
  readStoredChoice,
  sessionStore,
} from '../session/store';

export function storeChoice(choice: LoanChoice, promocode: string | null): void {
  localStorage.setItem(CHOICE_KEY, JSON.stringify(choice));
  sessionStore.set(loanChoiceAtom, choice);
  // The promo code cookie lives 7 days. No code here is not a removal: "Solicitar" without
  // retyping keeps the code chosen earlier (the calculator removes it when the customer does).
  if (promocode) writeCookie('promoCode', promocode);
}

export function readChoice(): LoanChoice | null {
  return sessionStore.get(loanChoiceAtom) ?? readStoredChoice();
}

/** Once the application exists the choice has been used. */
export function clearChoice(): void {
  localStorage.removeItem(CHOICE_KEY);
  sessionStore.set(loanChoiceAtom, null);
}

/** Query parameters that carry a choice from another origin (the WordPress calculator) into the app. */
export function choiceQuery(choice: LoanChoice, promocode: string | null): string {
  const query = new URLSearchParams({
    product: String(choice.productId),
    amount: String(choice.amount),
    term: String(choice.term),
  });
  if (promocode) query.set('promocode', promocode);
  return query.toString();
}

/** Adopts a choice carried in the address (see choiceQuery); the promo code is checked later, before prices. */
export function adoptChoiceFromQuery(search: string): boolean {
  const query = new URLSearchParams(search);
  const choice = {
    productId: Number(query.get('product') ?? 1),
    amount: Number(query.get('amount')),
    term: Number(query.get('term')),
  };
  if (!isLoanChoice(choice) || choice.amount <= 0 || choice.term <= 0) return false;
  storeChoice(choice, query.get('promocode') ?? readCookie('promoCode'));
  return true;
}
