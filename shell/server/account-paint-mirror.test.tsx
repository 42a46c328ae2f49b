/**
 * @jest-environment node
 */
import { loanAtom, userAtom } from '@credimo/shared';
import { LoanStatus } from '@credimo/shared/domain';
import { activeLoan, cessionBuyer, customer } from '@credimo/shared/testing/customers';
import { createStore, Provider } from 'jotai';
import { renderToStaticMarkup } from 'react-dom/server';
import { CessionCard } from '../../remotes/account/src/loan/StatusCards';
import { LoanProgressScreen } from '../../remotes/registration/src/origination/LoanProgressScreen';
import { SessionBanner } from '../src/layouts/SessionBar';
import { cessionMarkup } from './account-loan-paint';
import { sessionBannerMarkup } from './account-paint';
import { loanProgressMarkup } from './loan-progress-paint';

/**
 * The server's cards are the app's, renamed: its CSS module classes carry the page's prefixes (first-paint.ts)
 * and its ids an `fp-` one (the app's own card, drawn over it, keeps the plain id). Undo both and the two agree.
 */
const asTheAppDrawsIt = (markup: string) =>
  markup.replace(/fp-(account|kit|screen|origination|layout)-/g, '').replace(/(id|aria-labelledby)="fp-/g, '$1="');

/** The one difference the paint makes on purpose: no live role, as the app's own alert is the one announced. */
const withoutLiveRoles = (markup: string) => markup.replace(/ role="(alert|status)"/g, '');

describe("the account's first paint is the account screen's own markup", () => {
  test.each([
    [
      'sold, with the buyer and the day it was sold',
      { status: LoanStatus.Sold, cession_portfolio: { sold_date: '2026-11-20', cession_buyer: cessionBuyer } },
    ],
    [
      'sold, the day not known',
      { status: LoanStatus.Sold, cession_portfolio: { sold_date: null, cession_buyer: cessionBuyer } },
    ],
    ['in presale, no buyer yet', { status: LoanStatus.Presale, cession_portfolio: null }],
  ])('the cession card of a loan %s', (_name, overrides) => {
    const loan = activeLoan(overrides);
    expect(asTheAppDrawsIt(cessionMarkup(loan))).toBe(renderToStaticMarkup(<CessionCard loan={loan} />));
  });

  test.each([
    ['signed, past the auto-debit step', { status: LoanStatus.ContractSigned, auto_debit_step_completed: true }, {}],
    [
      'signed with a card on file',
      { status: LoanStatus.ContractSigned, auto_debit_step_completed: false },
      { payment_cards: [{ id: '1', pan: '4111', expiry_month: 12, expiry_year: 2099 }] },
    ],
    ['paid out, on its way', { status: LoanStatus.Processing }, {}],
    ['returned by the bank', { status: LoanStatus.ProcessingFail, status_text: 'Cuenta <cerrada>' }, {}],
    ['being decided', { status: LoanStatus.New }, {}],
  ])('the loan progress of an application %s', (_name, overrides, userOverrides) => {
    const user = customer(activeLoan(overrides), {
      payment_cards: [],
      payment_card_request_status: null,
      ...userOverrides,
    });
    const store = createStore();
    store.set(userAtom, user);
    store.set(loanAtom, user.loan);
    const app = renderToStaticMarkup(
      <Provider store={store}>
        <LoanProgressScreen screen="accountLoanProgress" params={{}} query={{}} navigate={() => {}} />
      </Provider>,
    );
    const painted = loanProgressMarkup(user);
    expect(painted === '').toBe(overrides.status === LoanStatus.New);
    expect(asTheAppDrawsIt(painted)).toBe(app ? `<div data-remote="registration">${withoutLiveRoles(app)}</div>` : '');
  });
});

describe("an operator's session: the banner above the header is the app's", () => {
  test.each([
    ["an admin's impersonation", { kind: 'admin', actor: 'eva' }],
    ["an agent's assisted session", { kind: 'agent', actor: 'laura' }],
    ["the customer's own session (no banner)", { kind: 'customer', actor: null }],
  ] as const)('%s', (_name, session) => {
    const user = customer(null, { session });
    const store = createStore();
    store.set(userAtom, user);
    const app = renderToStaticMarkup(
      <Provider store={store}>
        <SessionBanner />
      </Provider>,
    );
    expect(asTheAppDrawsIt(sessionBannerMarkup(user))).toBe(withoutLiveRoles(app));
  });
});
