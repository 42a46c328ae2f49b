import type { LoanView, UserResponse } from '@credimo/shared/contract';
import {
  cardRequestGroup,
  groupedIban,
  isExtendable,
  isRepayable,
  type LoanViewKind,
  loanViewKind,
  redirectFor,
} from '@credimo/shared/domain';
import { messages } from '@credimo/shared/i18n';
import { fill, plural } from '@credimo/shared/i18n/fill';
import { account as texts } from '@credimo/shared/i18n/screens/account';
import { toRedirectLoan, toRedirectUser } from '@credimo/shared/session/redirect-state';
import { sessionBannerText } from '../src/layouts/session-banner';
import {
  cessionMarkup,
  type LoanOffers,
  loanInServiceMarkup,
  type ProlongationOffer,
  paymentProcessingMarkup,
  type RepaymentOffer,
} from './account-loan-paint';
import { LOAN_PROGRESS_PAINT_CSS, loanProgressMarkup } from './loan-progress-paint';
import { A, alert, button, card, escapeHtml, K, L, PREFIXES } from './markup';

/**
 * The account's first paint from the customer's own data. The account screen's largest element is
 * data (the loan, the auto-debit offer, the IBAN card), drawn by the app only once the shell, three remotes and
 * the customer's calls are in: about 4.5 s on a phone over slow 4G. The shell's server asks the API what the
 * app will ask before it shows the screen (GET /v2/user, the known IBANs, and for a loan in service its
 * repayment range and extension terms, with the customer's own token) and prints the cards as the app draws
 * them (AccountScreen.tsx; account-loan-paint.ts for the loan's, also while a payment waits for the bank and
 * once it is sold; loan-progress-paint.ts for the money on its way) with the app's own rules, renamed. An admin's
 * or agent's session gets the same cards under its banner (sessionBannerMarkup), asked with the token the app
 * uses. A developer's other API, or an API that does not answer in time: no cards, the header alone.
 */

/** What the server knows of the customer for the account's first paint. */
export interface AccountPaintData {
  user: UserResponse;
  bankAccounts: string[];
  /** A loan in service's offers (account-loan-paint.ts); absent for the other views. */
  offers?: LoanOffers;
}

/** The CSS modules the cards are drawn with, and their prefixes in the page (first-paint.ts renames them). */
export const ACCOUNT_PAINT_CSS = [
  { file: '../../remotes/account/src/account.module.css', prefix: PREFIXES.account },
  { file: '../../shared/src/ui/kit.module.css', prefix: PREFIXES.kit },
  LOAN_PROGRESS_PAINT_CSS,
] as const;

/** StatusCards.tsx's ReviewCard before the customer rates. */
function reviewCard(): string {
  const t = texts.review;
  const stars = [1, 2, 3, 4, 5]
    .map(
      (n) =>
        `<button type="button" class="${K('button')} ${K('secondary')}" aria-label="${escapeHtml(plural(t.stars, n))}"><span aria-hidden="true">${'★'.repeat(n)}</span></button>`,
    )
    .join('');
  return card(
    'review',
    `<h2 id="fp-review-title">${escapeHtml(t.title)}</h2><p>${escapeHtml(t.body)}</p><fieldset><legend>${escapeHtml(t.rate)}</legend><div class="${A('stars')}">${stars}</div></fieldset><p class="${A('muted')}">${escapeHtml(t.again)}</p>`,
  );
}

/** IbanSelector.tsx: the known accounts, the first one chosen, or nothing without any. */
function ibanCard(bankAccounts: readonly string[]): string {
  if (bankAccounts.length === 0) return '';
  const t = texts.iban;
  const options = bankAccounts
    .map((iban, index) => {
      const selected = index === 0 ? ' selected' : '';
      return `<option value="${escapeHtml(iban)}"${selected}>${escapeHtml(groupedIban(iban))}</option>`;
    })
    .join('');
  return card(
    'iban',
    `<h2 id="fp-iban-title">${escapeHtml(t.title)}</h2><label for="fp-iban">${escapeHtml(t.label)}</label><select id="fp-iban" aria-describedby="fp-iban-hint">${options}<option value="">${escapeHtml(t.other)}</option></select><p id="fp-iban-hint" class="${A('muted')}">${escapeHtml(t.hint)}</p>`,
  );
}

/** Offers.tsx's PromoCodes. */
function promoCodes(user: UserResponse): string {
  if (user.discounts.length === 0) return '';
  const items = user.discounts
    .map(
      (discount) =>
        `<li><strong>${escapeHtml(fill(texts.promo.percent, { n: discount.percent }))}</strong> ${escapeHtml(discount.description)}</li>`,
    )
    .join('');
  return card(
    'promo',
    `<h2 id="fp-promo-title">${escapeHtml(texts.promo.title)}</h2><ul class="${A('list')}">${items}</ul>`,
  );
}

/** Offers.tsx's AutoDebitOffer: nothing with a card, a note while one is checked, else the offer. */
function autoDebitOffer(user: UserResponse): string {
  const group = cardRequestGroup(user.payment_card_request_status);
  if ((user.payment_cards?.length ?? 0) > 0 || group === 'completed') return '';
  const t = texts.autoDebit;
  if (group === 'processing') return alert('info', t.processing);
  return card(
    'autodebit',
    `<h2 id="fp-autodebit-title">${escapeHtml(t.title)}</h2>${group === 'error' ? alert('error', t.failed) : ''}<p>${escapeHtml(t.body)}</p>${button(t.button)}`,
  );
}

/** The loan views the server paints: the same for every customer in them, or drawn from data it can ask for. */
const PAINTED_VIEWS: readonly LoanViewKind[] = ['none', 'application', 'closed', 'service', 'processing', 'sold'];

function paintedView(user: UserResponse): LoanViewKind | null {
  const kind = loanViewKind(user.loan, user.payment_procession_on_loan_view === true);
  // A presale loan is still repayable: its repayment card needs the offer, so the app draws that view itself.
  if (kind === 'sold' && user.loan && isRepayable(user.loan)) return null;
  return PAINTED_VIEWS.includes(kind) ? kind : null;
}

/**
 * The account layout's main column as the app draws it for this customer (Layout.tsx: the notice for customers
 * sent from the calculator, then the account remote's slot and, for an application, the registration remote's
 * loan progress), or null where the app would draw something else: another page (the redirect
 * rules).
 */
export function accountMainMarkup(
  { user, bankAccounts, offers }: AccountPaintData,
  search: URLSearchParams,
): string | null {
  if (redirectFor({ route: 'account', user: toRedirectUser(user), loan: toRedirectLoan(user.loan, user) })) return null;
  const kind = paintedView(user);
  if (kind === null) return null;
  if (kind === 'service' && (!user.loan || !offers)) return null;
  const notice = search.get('target_by') === 'calculator' ? alert('warning', messages.cannotTakeNewLoan) : '';
  const cards = [
    kind === 'service' && user.loan && offers ? loanInServiceMarkup(user.loan, offers) : '',
    kind === 'processing' && user.loan ? paymentProcessingMarkup(user.loan) : '',
    kind === 'sold' && user.loan ? cessionMarkup(user.loan) : '',
    kind === 'closed' ? reviewCard() : '',
    kind === 'none' || kind === 'closed' ? ibanCard(bankAccounts) : '',
    promoCodes(user),
    autoDebitOffer(user),
  ].join('');
  // Below the account's slot, the registration remote's: money on the way, or a payout the bank returned.
  const progress = kind === 'application' ? loanProgressMarkup(user) : '';
  return `${notice}<div data-remote="account"><div class="${A('screen')}" data-screen="account" data-loan-view="${kind}">${cards}</div></div>${progress}`;
}

/**
 * The banner an operator's session opens with (SessionBar.tsx's SessionBanner, above the header), without its
 * live role: the app's own banner is the one announced. '' for the customer's own session.
 */
export function sessionBannerMarkup(user: UserResponse): string {
  const text = sessionBannerText(user);
  return text
    ? `<div class="${L('sessionBanner')}" data-session-kind="${escapeHtml(user.session.kind)}">${escapeHtml(text)}</div>`
    : '';
}

/**
 * The tokens the app sends, in its order (shared/src/session/store.ts): an admin's impersonation first, then the
 * customer's (or the agent's assisted) session.
 */
const TOKEN_COOKIES = ['credimo_impersonate_token', 'credimo_access_token'];
/** A developer's other API: the server does not ask. */
const NOT_ASKED_COOKIES = ['credimo_dev_api_url'];
/** The page waits this long for the API at most: a slow answer costs the cards, never the page. */
export const ACCOUNT_PAINT_TIMEOUT_MS = 300;

function cookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const value = pair.slice(at + 1).trim();
    try {
      found.set(pair.slice(0, at).trim(), decodeURIComponent(value));
    } catch {
      found.set(pair.slice(0, at).trim(), value);
    }
  }
  return found;
}

async function askApi(apiUrl: string, path: string, token: string, signal: AbortSignal): Promise<Response> {
  return fetch(new URL(path, apiUrl), {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    signal,
  });
}

async function getJson<T>(apiUrl: string, path: string, token: string, signal: AbortSignal): Promise<T> {
  const response = await askApi(apiUrl, path, token, signal);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * An offer as the app's card reads it: refused (4xx) is no offer and no card, as in the app; an API that does
 * not answer in time throws, and the page goes without cards rather than with cards the app will not draw.
 */
async function getOffer<T>(apiUrl: string, path: string, token: string, signal: AbortSignal): Promise<T | null> {
  const response = await askApi(apiUrl, path, token, signal);
  return response.ok ? ((await response.json()) as T) : null;
}

/**
 * The customer's data for the account's first paint, asked of the API with the customer's own token (the
 * `credimo_access_token` cookie the app keeps), or null when there is nothing to ask with or
 * the API does not answer in time.
 */
export async function loadAccountPaintData(
  apiUrl: string,
  cookieHeader: string | undefined,
  timeoutMs = ACCOUNT_PAINT_TIMEOUT_MS,
): Promise<AccountPaintData | null> {
  const jar = cookies(cookieHeader);
  const token = TOKEN_COOKIES.map((name) => jar.get(name)).find(Boolean);
  if (!token || NOT_ASKED_COOKIES.some((name) => jar.get(name))) return null;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const [user, bankAccounts] = await Promise.all([
      getJson<UserResponse>(apiUrl, '/v2/user', token, signal),
      getJson<string[]>(apiUrl, '/v2/user/available_bank_accounts', token, signal),
    ]);
    const data: AccountPaintData = { user, bankAccounts: Array.isArray(bankAccounts) ? bankAccounts : [] };
    if (user.loan && paintedView(user) === 'service') data.offers = await loanOffers(apiUrl, token, user.loan, signal);
    return data;
  } catch {
    return null;
  }
}

/** The offers the loan's cards read before the app shows them (remotes/account/src/loan/offers.ts), at once. */
async function loanOffers(apiUrl: string, token: string, loan: LoanView, signal: AbortSignal): Promise<LoanOffers> {
  const [repayment, prolongation] = await Promise.all([
    isRepayable(loan) ? getOffer<RepaymentOffer>(apiUrl, '/v2/loan/partial_repay', token, signal) : null,
    isExtendable(loan) ? getOffer<ProlongationOffer>(apiUrl, '/v2/loan/prolong', token, signal) : null,
  ]);
  return { repayment, prolongation };
}
