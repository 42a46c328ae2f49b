import { LOAN_IN_SERVICE, type LoanView, SOLD_STATUSES } from '@credimo/shared';

// The loan view's kind is shared with the shell's server, which paints the account's first screen (issue 17).
export {
  CLOSED_VIEW_STATUSES,
  DECLINED_STATUSES,
  type LoanViewKind,
  loanViewKind,
  SOLD_STATUSES,
} from '@credimo/shared';

/** SPEC section 4: repayable statuses show the repayment card (not while a payment waits for the bank). */
export const isRepayable = (loan: LoanView) =>
  LOAN_IN_SERVICE.includes(loan.status) && !SOLD_STATUSES.includes(loan.status) && !loan.has_pending_payment;

/** SPEC section 4: extendable loans show the prolongation card. */
export const isExtendable = (loan: LoanView) => isRepayable(loan) && loan.extendable === true;

/** SPEC section 9: the help banner shows when 3 or fewer days remain (and when late). */
export const HELP_BANNER_DAYS = 3;
export const showsHelpBanner = (loan: LoanView) =>
  (loan.days.late ?? 0) > 0 || (loan.days.left !== undefined && loan.days.left <= HELP_BANNER_DAYS);

/** The status bar: the share of the term gone, 0 to 100 (a late loan is full). */
export function termProgress(days: LoanView['days']): number {
  if ((days.late ?? 0) > 0 || days.total <= 0) return 100;
  const left = Math.min(Math.max(days.left ?? days.total, 0), days.total);
  return Math.round(((days.total - left) / days.total) * 100);
}

export interface PaymentRange {
  min: number;
  max: number;
  step: number;
}

/**
 * SPEC section 5, repayment slider: from 0.1 EUR to today's total on the step, snapping to the nearest allowed
 * amount; today's total itself is always allowed though it need not sit on the step. Cents in, cents out.
 */
export function snapPayment(cents: number, { min, max, step }: PaymentRange): number {
  if (!Number.isFinite(cents) || cents <= min) return min;
  if (cents >= max) return max;
  const below = Math.max(min, Math.floor(cents / step) * step);
  const above = Math.min(max, below + step);
  return cents - below < above - cents ? below : above;
}

/** SPEC section 9: an extension selector is a slider unless there are fewer than 7 options. */
export const SELECTOR_MAX_OPTIONS = 7;
export const extensionControl = (terms: readonly number[]) =>
  terms.length < SELECTOR_MAX_OPTIONS ? 'select' : 'slider';

/** SPEC section 9: loan history, 5 per page. */
export const HISTORY_PAGE_SIZE = 5;

export type PageItem = number | 'gap';

/**
 * SPEC section 2: pagination with the current page's neighbours and ellipses: the first and last pages, the
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

/** SPEC section 9: an agreement link within 5 s of its expiry counts as expired: the loans are fetched again first. */
export const LINK_EXPIRY_MARGIN_MS = 5_000;
export const isLinkStale = (expiresAt: string | undefined, now: number) =>
  expiresAt !== undefined && Date.parse(expiresAt) - now <= LINK_EXPIRY_MARGIN_MS;

/** SPEC section 9: polling on account pages. */
export const POLL_MS = { user: 30_000, inbox: 5_000 } as const;
