import type { LoanView } from '../contract/loans';
import { account } from '../i18n/screens/account';
import { application } from '../i18n/screens/application';
import { auth } from '../i18n/screens/auth';
import { origination } from '../i18n/screens/origination';
import type { SavedCardExpiry } from './cards';
import { isRepayable, loanProgressKind, loanViewKind } from './loan-view';
import { type RedirectLoan, type RedirectState, type RedirectUser, redirectFor } from './redirects';

/**
 * What a customer can do on a page, named by the API call it makes (the journey-model test calls each one on the
 * API in the state the page is shown in).
 */
export type JourneyAction =
  | 'apply' // POST /v2/loan (the calculator)
  | 'uploadDocument' // POST /v2/user/document
  | 'giveIban' // PUT /v2/user/issue_method
  | 'connectBank' // the aggregation provider's widget
  | 'approveNewConditions' // POST /v2/loan/approve_new_conditions
  | 'sign' // POST /v2/loan/sign_send, then /sign
  | 'autoDebitStep' // POST /v2/loan/steps/autodebit/complete (or a card first)
  | 'orderPayout' // POST /v2/loan/issuance
  | 'repay'; // GET /v2/loan/partial_repay, then a payment

/** A page offers actions, or is a waiting or closing page that says what happens next. */
export type PageOffer = { actions: readonly JourneyAction[] } | { next: string };

/**
 * Every page the journey can stop on and what it offers. The account is split by what it shows for the current
 * loan (loan-view.ts): `account:<view>`, with `account:presale` apart from a sold loan and the loan progress of an
 * application (`account:moneyOnTheWay`, `account:paidOut`, `account:payoutFailed`).
 */
export const PAGE_OFFERS: Readonly<Record<string, PageOffer>> = {
  blocked: { next: auth.blockedBody },
  forbidden: { next: auth.forbiddenBody },
  registrationPhotoVerification: { actions: ['uploadDocument'] },
  applicationRequestAdditionalPhotos: { actions: ['uploadDocument'] },
  applicationAwaitingRequestLoan: { next: application.consideringBody },
  applicationAwaitingNewLoan: { next: application.consideringBody },
  applicationAwaitingVerificationLoan: { next: application.verificationBody },
  applicationAwaitingBankDataImporting: { next: application.bankImportBody },
  applicationApproveNewConditions: { actions: ['approveNewConditions'] },
  applicationIssueMethod: { actions: ['giveIban'] },
  registrationSelectAccount: { actions: ['giveIban'] },
  applicationBankDataPreview: { actions: ['connectBank'] },
  applicationAutoDebitConfirmation: { actions: ['autoDebitStep'] },
  applicationSign: { actions: ['sign'] },
  'account:none': { actions: ['apply'] },
  'account:declined': { actions: ['apply'] },
  'account:closed': { actions: ['apply'] },
  'account:service': { actions: ['repay'] },
  'account:presale': { actions: ['repay'] },
  'account:sold': { next: account.cession.body },
  'account:processing': { next: account.processing.body },
  'account:moneyOnTheWay': { actions: ['orderPayout'] },
  'account:paidOut': { next: origination.moneyOnTheWay.body },
  'account:payoutFailed': { actions: ['orderPayout'] },
};

export interface JourneyState {
  user: RedirectUser;
  loan: RedirectLoan | null;
  /** The current loan as GET /v2/user answers it, for what the account shows. */
  view: LoanView | null;
  cards: readonly SavedCardExpiry[];
  processingView: boolean;
}

/** The account's part for the current loan: which page of PAGE_OFFERS the customer is on there. */
function accountPage({ view, cards, processingView }: JourneyState): string {
  const kind = loanViewKind(view, processingView);
  if (kind === 'sold' && view && isRepayable(view)) return 'account:presale';
  if (kind !== 'application' || !view) return `account:${kind}`;
  const progress = loanProgressKind(view, { payment_cards: cards });
  if (progress === 'moneyOnTheWay') return view.status === 1 ? 'account:moneyOnTheWay' : 'account:paidOut';
  return progress ? `account:${progress}` : 'account:application';
}

/**
 * Where the customer ends up from the account, following the shared redirect rules as the shell's guard does
 * (each page the rules choose is checked again), and the page's part of the account. Throws on a loop (`rules` is
 * the shared redirect rules; a test gives rules that loop, which the shared ones must never do).
 */
export function journeyPage(state: JourneyState, rules: (at: RedirectState) => string | null = redirectFor): string {
  const seen: string[] = [];
  let route = 'account';
  for (;;) {
    const next = rules({ route, user: state.user, loan: state.loan });
    if (next === null) break;
    if (seen.includes(next)) throw new Error(`the redirect rules loop: ${[...seen, route, next].join(' -> ')}`);
    seen.push(route);
    route = next;
  }
  return route === 'account' ? accountPage(state) : route;
}
