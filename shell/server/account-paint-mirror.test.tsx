/**
 * @jest-environment node
 */
import { LoanStatus } from '@credimo/shared/domain';
import { activeLoan } from '@credimo/shared/testing/customers';
import { renderToStaticMarkup } from 'react-dom/server';
import { CessionCard } from '../../remotes/account/src/loan/StatusCards';
import { cessionMarkup } from './account-loan-paint';

/**
 * The server's cards are the app's, renamed: its CSS module classes carry the page's prefix (first-paint.ts) and
 * its ids an `fp-` one (the app's own card, drawn over it, keeps the plain id). Undo both and the two agree.
 */
const asTheAppDrawsIt = (markup: string) =>
  markup.replace(/fp-account-/g, '').replace(/(id|aria-labelledby)="fp-/g, '$1="');

const buyer = {
  name: 'Cobros <Ibéricos> SA',
  phone: '+34 910 000 111',
  email: 'pagos@cobros.example',
  account_holder_name: 'Cobros Ibéricos SA',
  account_number: 'ES7921000813610123456789',
  swift: 'CAIXESBBXXX',
  bank_name: 'CaixaBank',
};

describe("the account's first paint is the account screen's own markup (issue 17)", () => {
  test.each([
    [
      'sold, with the buyer and the day it was sold',
      { status: LoanStatus.Sold, cession_portfolio: { sold_date: '2026-11-20', cession_buyer: buyer } },
    ],
    [
      'sold, the day not known',
      { status: LoanStatus.Sold, cession_portfolio: { sold_date: null, cession_buyer: buyer } },
    ],
    ['in presale, no buyer yet', { status: LoanStatus.Presale, cession_portfolio: null }],
  ])('the cession card of a loan %s', (_name, overrides) => {
    const loan = activeLoan(overrides);
    expect(asTheAppDrawsIt(cessionMarkup(loan))).toBe(renderToStaticMarkup(<CessionCard loan={loan} />));
  });
});
