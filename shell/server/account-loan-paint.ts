import { PATHS } from '@credimo/shared/app-paths';
import { DEFAULT_SITE_CONTENT } from '@credimo/shared/content';
import type { LoanView, PartialRepayResponse, ProlongResponse } from '@credimo/shared/contract';
import {
  amountInputOf,
  extensionControl,
  isExtendable,
  isRepayable,
  LoanStatus,
  loanStatusView,
  showsHelpBanner,
  termProgress,
} from '@credimo/shared/domain';
import { formatMoney, wireToDisplayDate } from '@credimo/shared/format';
import { fill, plural } from '@credimo/shared/i18n/fill';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { A, button, card, escapeHtml, K } from './markup';

/**
 * The account's first paint for a loan in service: the cards AccountScreen.tsx draws for it (the help
 * banner, the loan detail, the repayment and prolongation cards, the withdrawal card), printed from the loan the
 * customer's GET /v2/user carries and the two offers the app reads before it shows (remotes/account/src/loan/
 * offers.ts), by the app's own rules. Each function names the component it mirrors; the browser tests compare
 * the two box for box.
 */

export type RepaymentOffer = PartialRepayResponse;
export type ProlongationOffer = ProlongResponse;

/** The offers of a loan in service, as the account's cards read them (null: that card is not shown). */
export interface LoanOffers {
  repayment: RepaymentOffer | null;
  prolongation: ProlongationOffer | null;
}

const text = (value: string) => escapeHtml(value);

/** LoanDetail.tsx's HelpBanner: with 3 or fewer days left or late, WhatsApp and the phone (the header's). */
function helpBanner(loan: LoanView): string {
  if (!showsHelpBanner(loan)) return '';
  const t = texts.help;
  const phone = DEFAULT_SITE_CONTENT.header.contacts.phone;
  const digits = phone.replace(/\D/g, '');
  const international = digits.startsWith('34') ? digits : `34${digits}`;
  return card(
    'help',
    `<h2 id="fp-help-title">${text(t.title)}</h2><p>${text(t.body)}</p><p class="${A('row')}"><a href="https://wa.me/${international}" target="_blank" rel="noreferrer">${text(t.whatsapp)}</a><a href="tel:${escapeHtml(phone.replace(/\s/g, ''))}">${text(fill(t.phone, { phone }))}</a></p>`,
    'warning',
  );
}

const summary = (rows: Array<[string, string, string?]>) =>
  `<dl class="${A('summary')}">${rows.map(([term, value, className]) => `<dt>${text(term)}</dt><dd${className ? ` class="${className}"` : ''}>${text(value)}</dd>`).join('')}</dl>`;

/** LoanDetail.tsx: status, reference, amount, due date, the term's bar and days, today's amounts. */
function loanDetail(loan: LoanView): string {
  const t = texts.loan;
  const tone = loanStatusView(loan.status).type;
  const late = loan.days.late ?? 0;
  const days =
    late > 0
      ? `<span class="${A('late')}">${text(plural(t.daysLate, late))}</span>`
      : loan.days.left !== undefined
        ? `<span>${text(plural(t.daysLeft, loan.days.left))}</span>`
        : '';
  const today = loan.calculations?.today;
  const amounts = today
    ? summary([
        [t.body, formatMoney(today.body)],
        [t.interest, formatMoney(today.annual_commission)],
        ...(today.all_fines > 0 ? [[t.fines, formatMoney(today.all_fines)] as [string, string]] : []),
        [t.toPay, formatMoney(today.amount), A('amount')],
      ])
    : '';
  return `<section class="${A('card')}${tone === 'info' ? '' : ` ${A(tone)}`}" aria-labelledby="fp-loan-title" data-status="${loan.status}"><h2 id="fp-loan-title">${text(t.title)}</h2>${summary(
    [
      [t.status, loan.status_text],
      [t.reference, loan.public_id],
      [t.amount, formatMoney(loan.request_amount)],
      [t.dueDate, wireToDisplayDate(loan.must_pay_date ?? loan.predicted_must_pay_date)],
    ],
  )}<label for="fp-loan-progress">${text(t.progress)}</label><progress id="fp-loan-progress" class="${A('bar')}" max="100" value="${termProgress(loan.days)}"></progress><p class="${A('days')}">${days}<span>${text(fill(t.daysTotal, { n: loan.days.total }))}</span></p>${amounts}</section>`;
}

/** RepaymentCard.tsx: the slider at today's total, the same amount typed, "Pagar el total" and "Pagar …". */
function repaymentCard(offer: RepaymentOffer | null): string {
  if (!offer || offer.has_pending_payment || offer.max < offer.min) return '';
  const t = texts.repayment;
  const amount = formatMoney(offer.max);
  return card(
    'repayment',
    `<h2 id="fp-repayment-title">${text(t.title)}</h2><p>${text(t.body)}</p><label for="fp-repayment-amount">${text(t.amount)}</label><p class="${A('amount')}" aria-hidden="true">${text(amount)}</p><input id="fp-repayment-amount" class="${A('slider')}" type="range" min="${offer.min}" max="${offer.max}" step="${offer.step}" value="${offer.max}" aria-valuetext="${escapeHtml(amount)}"><div class="${K('field')}"><label class="${K('label')}" for="fp-repayment-typed">${text(t.typed)}</label><input inputmode="decimal" autocomplete="off" value="${amountInputOf(offer.max)}" id="fp-repayment-typed" class="${K('input')}"><p class="${K('error')}" aria-live="polite"></p></div><p class="${A('row')}">${button(t.total, 'secondary')}${button(fill(t.pay, { amount }))}</p><p><a href="${PATHS.repaymentHelp}">${text(t.howTo)}</a></p>`,
  );
}

/** ProlongationCard.tsx: the default term chosen (a selector under 7 terms, else a slider), its cost, a promo code. */
function prolongationCard(offer: ProlongationOffer | null): string {
  const terms = offer?.available_extensions ?? [];
  if (!offer || terms.length === 0) return '';
  const term = terms.includes(offer.default_extension_term) ? offer.default_extension_term : (terms[0] as number);
  const t = texts.prolongation;
  const control =
    extensionControl(terms) === 'select'
      ? `<select id="fp-prolongation-term">${terms.map((days) => `<option value="${days}"${days === term ? ' selected' : ''}>${text(fill(t.days, { n: days }))}</option>`).join('')}</select>`
      : `<input id="fp-prolongation-term" class="${A('slider')}" type="range" min="0" max="${terms.length - 1}" step="1" value="${Math.max(0, terms.indexOf(term))}" aria-valuetext="${escapeHtml(fill(t.days, { n: term }))}">`;
  const shown = offer.extensions.find((extension) => extension.term === term);
  const details = shown
    ? summary([
        [t.term, fill(t.days, { n: shown.term })],
        [t.cost, formatMoney(shown.cost)],
        [t.nextPayDate, wireToDisplayDate(shown.next_pay_date)],
        [t.atTheEnd, formatMoney(shown.commission_at_the_end)],
      ])
    : `<p>${text(t.loading)}</p>`;
  // The kit's TextField (empty, no error yet) beside its "Aplicar".
  const promo = `<div class="${K('field')}"><label class="${K('label')}" for="fp-prolongation-promo">${text(t.promocode)}</label><input maxlength="10" id="fp-prolongation-promo" class="${K('input')}" value=""><p class="${K('error')}"></p></div>`;
  return card(
    'prolongation',
    `<h2 id="fp-prolongation-title">${text(t.title)}</h2><p>${text(t.body)}</p><label for="fp-prolongation-term">${text(t.term)}</label>${control}${details}<form class="${A('row')}">${promo}${button(t.applyPromo, 'secondary', 'submit')}</form>${button(t.submit)}`,
  );
}

/** WithdrawalCard.tsx: the right while it lasts, or the acknowledgement once used. */
function withdrawalCard(loan: LoanView): string {
  const withdrawal = loan.withdrawal;
  if (!withdrawal) return '';
  const t = texts.withdrawal;
  if (withdrawal.acknowledgement) {
    const done = withdrawal.requested_on
      ? `<p class="${A('muted')}">${text(fill(t.done, { date: wireToDisplayDate(withdrawal.requested_on), amount: formatMoney(withdrawal.amount) }))}</p>`
      : '';
    return card(
      'withdrawal',
      `<h2 id="fp-withdrawal-title">${text(t.doneTitle)}</h2><p>${text(withdrawal.acknowledgement)}</p>${done}`,
    );
  }
  if (!withdrawal.available) return '';
  return card(
    'withdrawal',
    `<h2 id="fp-withdrawal-title">${text(t.title)}</h2><p>${text(fill(t.body, { until: wireToDisplayDate(withdrawal.until) }))}</p>${button(t.button, 'secondary')}`,
  );
}

/** StatusCards.tsx's ProcessingCard above the loan detail: a payment waits for the bank, every action waits. */
export function paymentProcessingMarkup(loan: LoanView): string {
  const t = texts.processing;
  // No live role here: the app's own card is the one announced.
  return `${card('processing', `<h2 id="fp-processing-title">${text(t.title)}</h2><p>${text(t.body)}</p>`, 'warning')}${loanDetail(loan)}`;
}

/**
 * StatusCards.tsx's CessionCard: a sold (27) or presale (28) loan shows the buyer's data and payment requisites
 * instead of amounts. All of it is in the loan GET /v2/user carries: nothing more to ask.
 */
export function cessionMarkup(loan: LoanView): string {
  const t = texts.cession;
  const cession = loan.cession_portfolio;
  const buyer = cession?.cession_buyer;
  const phone = buyer ? escapeHtml(buyer.phone.replace(/\s/g, '')) : '';
  const buyerRows = buyer
    ? `<h3>${text(t.buyer)}</h3><dl class="${A('summary')}"><dt>${text(t.buyer)}</dt><dd>${text(buyer.name)}</dd><dt>${text(t.phone)}</dt><dd><a href="tel:${phone}">${text(buyer.phone)}</a></dd><dt>${text(t.email)}</dt><dd><a href="mailto:${escapeHtml(buyer.email)}">${text(buyer.email)}</a></dd></dl><h3>${text(t.requisites)}</h3>${summary(
        [
          [t.accountHolder, buyer.account_holder_name],
          [t.accountNumber, buyer.account_number],
          [t.swift, buyer.swift],
          [t.bank, buyer.bank_name],
        ],
      )}`
    : '';
  const rows: Array<[string, string]> = [
    [texts.loan.reference, loan.public_id],
    [texts.loan.status, loan.status_text],
  ];
  if (cession?.sold_date) rows.push([t.soldDate, wireToDisplayDate(cession.sold_date)]);
  return card(
    'cession',
    `<h2 id="fp-cession-title">${text(loan.status === LoanStatus.Presale ? t.presaleTitle : t.title)}</h2><p>${text(loan.status === LoanStatus.Presale ? t.presaleBody : t.body)}</p>${summary(rows)}${buyerRows}`,
    'warning',
  );
}

/** AccountScreen.tsx's cards for a loan in service, in its order. */
export function loanInServiceMarkup(loan: LoanView, offers: LoanOffers): string {
  return [
    helpBanner(loan),
    loanDetail(loan),
    isRepayable(loan) ? repaymentCard(offers.repayment) : '',
    isExtendable(loan) ? prolongationCard(offers.prolongation) : '',
    withdrawalCard(loan),
  ].join('');
}
