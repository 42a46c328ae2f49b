import type { AgentDataResponse } from '@credimo/shared/contract';
import type { CalculatorChoice } from '@credimo/shared/domain';
import { type LoanChoice, readCookie, removeCookie, writeCookie } from '@credimo/shared/session';

const asNumber = (value: number | string | undefined) =>
  value === undefined || value === '' ? undefined : Number(value);

/**
 * The choice the calculator opens with, before the default (the last amount of the first term, or the settings'
 * toggle positions): the page's own amount and term (the shortcode's attributes, in euros), else the customer's
 * stored choice (from WordPress or an earlier visit), else, for an agent-registered customer, the agent's amount
 * and term. Each is used only when the price table offers it (defaultChoice snaps or falls back).
 */
export function requestedChoice(
  productId: number,
  page: { amount?: number | string; term?: number | string },
  stored: LoanChoice | null,
  agent: AgentDataResponse | null | undefined,
): CalculatorChoice | null {
  const amount = asNumber(page.amount);
  const term = asNumber(page.term);
  if (amount !== undefined && term !== undefined) return { amount: Math.round(amount * 100), term };
  if (stored && stored.productId === productId) return { amount: stored.amount, term: stored.term };
  if (agent && agent.amount !== null && agent.term !== null) return { amount: agent.amount, term: agent.term };
  return null;
}

/** The code the calculator starts with: the shortcode's `promocode`, else the 7-day cookie. */
export function startingPromocode(attribute: string | undefined): string | null {
  const fromPage = attribute?.trim().toUpperCase();
  return fromPage || readCookie('promoCode');
}

/**
 * A promo code is checked before prices; an invalid one is discarded (and forgotten). A valid
 * one is kept in the 7-day cookie.
 */
export async function checkedPromocode(code: string): Promise<string | null> {
  try {
    // The API client loads here, when a code is first checked, not with the calculator.
    const { calls } = await import('@credimo/shared/api');
    const result = await calls.checkPromocode(code);
    writeCookie('promoCode', result.code);
    return result.code;
  } catch {
    if (readCookie('promoCode') === code) removeCookie('promoCode');
    return null;
  }
}

/** The customer applied or removed a code in the calculator: the cookie follows. */
export function rememberPromocode(code: string | null): void {
  if (code) writeCookie('promoCode', code);
  else removeCookie('promoCode');
}
