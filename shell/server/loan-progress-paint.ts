import type { LoanView, UserResponse } from '@credimo/shared/contract';
import { SUPPORT_PHONE } from '@credimo/shared/contract';
import { loanProgressKind, payoutToOrder } from '@credimo/shared/domain';
import { formatMoney } from '@credimo/shared/format';
import { fill } from '@credimo/shared/i18n/fill';
import { origination } from '@credimo/shared/i18n/screens/origination';
import { alert, button, escapeHtml, S } from './markup';

/**
 * The account's loan progress painted from the server: the registration remote's slot on /account
 * (remotes/registration/src/origination/LoanProgressScreen.tsx), where a customer who has signed waits for the
 * money, or finds the bank returned it. Drawn from the loan GET /v2/user carries, by the same rules
 * (loanProgressKind), with the registration remote's screen frame (`fp-screen-*`, first-paint.ts) and its
 * origination rules (`fp-origination-*`) renamed. What the app does on arrival (ordering the payout) is the app's.
 */
export const LOAN_PROGRESS_PAINT_CSS = {
  file: '../../remotes/registration/src/origination/origination.module.css',
  prefix: 'fp-origination',
} as const;

const O = (name: string) => `${LOAN_PROGRESS_PAINT_CSS.prefix}-${name}`;
const NARROW_SCREEN = `${S('screen')} ${S('narrow')}`;
const money = origination.moneyOnTheWay;
const failed = origination.payoutFailed;

const amountAndReference = (loan: LoanView) =>
  `<dl class="${O('summary')}"><dt>${escapeHtml(money.amount)}</dt><dd>${escapeHtml(formatMoney(loan.request_amount))}</dd></dl><p>${escapeHtml(fill(money.reference, { id: loan.public_id }))}</p>`;

/** LoanProgressScreen's MoneyOnTheWay: signed (the payout about to be ordered) or on its way. */
function moneyOnTheWay(loan: LoanView, user: UserResponse): string {
  const due = payoutToOrder(loan, user);
  return `<section class="${NARROW_SCREEN}" data-screen="accountLoanProgress:moneyOnTheWay" aria-labelledby="fp-money-title"><h2 id="fp-money-title">${escapeHtml(due ? money.signedTitle : money.title)}</h2><p>${escapeHtml(due ? money.signedBody : money.body)}</p>${amountAndReference(loan)}</section>`;
}

/** LoanProgressScreen's PayoutFailed: the bank's status text, what to check, the retry and the phone. */
function payoutFailed(loan: LoanView): string {
  return `<section class="${NARROW_SCREEN}" data-screen="accountLoanProgress:payoutFailed" aria-labelledby="fp-payout-failed-title"><h2 id="fp-payout-failed-title">${escapeHtml(failed.title)}</h2>${alert('error', loan.status_text)}<p>${escapeHtml(failed.body)}</p>${amountAndReference(loan)}<div class="${O('actions')}">${button(failed.retry)}</div><p class="${O('note')}">${escapeHtml(fill(failed.help, { phone: SUPPORT_PHONE }))}</p></section>`;
}

/** The registration remote's slot on /account for this customer, or '' where it draws nothing. */
export function loanProgressMarkup(user: UserResponse): string {
  const loan = user.loan;
  const kind = loanProgressKind(loan, user);
  if (!loan || kind === null) return '';
  const section = kind === 'payoutFailed' ? payoutFailed(loan) : moneyOnTheWay(loan, user);
  return `<div data-remote="registration">${section}</div>`;
}
