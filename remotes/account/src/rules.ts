import type { LoanView } from '@credimo/shared';
import { messages, PAYMENT_PROBLEM_MESSAGES, parseEuros, paymentAmountProblem } from '@credimo/shared';
import { account as texts } from '@credimo/shared/i18n/screens/account';

// The loan view's rules are shared with the shell's server, which paints the account's first screen.
export {
  CLOSED_VIEW_STATUSES,
  DECLINED_STATUSES,
  extensionControl,
  isExtendable,
  isRepayable,
  type LoanViewKind,
  loanViewKind,
  SOLD_STATUSES,
  showsHelpBanner,
  termProgress,
} from '@credimo/shared';

export interface PaymentRange {
  min: number;
  max: number;
  step: number;
}

/**
 * The repayment slider: from 0.1 EUR to today's total on the step, snapping to the nearest allowed
 * amount; today's total itself is always allowed though it need not sit on the step. Cents in, cents out.
 */
export function snapPayment(cents: number, { min, max, step }: PaymentRange): number {
  if (!Number.isFinite(cents) || cents <= min) return min;
  if (cents >= max) return max;
  const below = Math.max(min, Math.floor(cents / step) * step);
  const above = Math.min(max, below + step);
  return cents - below < above - cents ? below : above;
}

/** Typed euros in cents; a point before one or two decimals is a decimal point ("100.5"), else a thousands one. */
export const typedCents = (typed: string) => parseEuros(typed.trim().replace(/^(\d+)\.(\d{1,2})$/, '$1,$2'));

/**
 * A typed repayment amount: euros with a comma (or a point), checked in cents by the payment request's own rule
 * (at least 0,10 €, at most today's total, in steps of 0,10 €). The Spanish message, or null when it may be paid.
 */
export function typedPaymentProblem(typed: string, total: number): string | null {
  const cents = typedCents(typed);
  if (cents === null) return texts.repayment.typedInvalid;
  const problem = paymentAmountProblem(cents, total);
  return problem ? messages[PAYMENT_PROBLEM_MESSAGES[problem]] : null;
}

/** Loan history, 5 per page. */
export const HISTORY_PAGE_SIZE = 5;

export type PageItem = number | 'gap';

/**
 * Pagination with the current page's neighbours and ellipses: the first and last pages, the
 * current one and one either side, and a gap where pages are left out (a gap of one page shows the page).
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** An agreement link within 5 s of its expiry counts as expired: the loans are fetched again first. */
export const LINK_EXPIRY_MARGIN_MS = 5_000;
export const isLinkStale = (expiresAt: string | undefined, now: number) =>
  expiresAt !== undefined && Date.parse(expiresAt) - now <= LINK_EXPIRY_MARGIN_MS;

/** Polling on account pages. */
export const POLL_MS = { user: 30_000, inbox: 5_000 } as const;

/**
 * What is due at an extension's new date: paying the extension buys time and pays off nothing, so everything owed
 * today (principal, commission and fines) is still due then. The extension's commission_at_the_end is only the
 * part of it that is commission and fines.
 */
export const dueAfterExtension = (loan: Pick<LoanView, 'calculations' | 'return_amount'>): number =>
  loan.calculations?.today?.amount ?? loan.return_amount;
