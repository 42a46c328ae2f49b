import type { LoanView } from '../contract/loans';
import { LoanStatus } from './loan-status';
import {
  autoDebitStepDoneByCard,
  CLOSED_VIEW_STATUSES,
  DECLINED_STATUSES,
  EXTENSION_SELECT_MAX_OPTIONS,
  extensionControl,
  HELP_BANNER_DAYS,
  isExtendable,
  isRepayable,
  loanProgressKind,
  loanViewKind,
  payoutDue,
  payoutToOrder,
  SOLD_STATUSES,
  showsHelpBanner,
  termProgress,
} from './loan-view';

const loan = (overrides: Partial<LoanView> = {}) =>
  ({
    status: LoanStatus.Active,
    days: { total: 30, left: 10, late: 0 },
    has_pending_payment: false,
    auto_debit_step_completed: false,
    ...overrides,
  }) as LoanView;

const validCard = { id: '1', pan: '4111', expiry_month: 12, expiry_year: 2099 };
const expiredCard = { id: '2', pan: '4111', expiry_month: 1, expiry_year: 2020 };
const signed = (overrides: Partial<LoanView> = {}) => loan({ status: LoanStatus.ContractSigned, ...overrides });

describe('what the account shows for the current loan', () => {
  test('no loan: nothing of a loan (the calculator shows)', () => {
    expect(loanViewKind(null, true)).toBe('none');
    expect(loanViewKind(null, false)).toBe('none');
  });

  test('a refused or timed-out application is said to be declined, not treated as no loan', () => {
    expect(DECLINED_STATUSES).toEqual([LoanStatus.Denied, LoanStatus.Timeout]);
    expect(loanViewKind(loan({ status: LoanStatus.Denied }), false)).toBe('declined');
    expect(loanViewKind(loan({ status: LoanStatus.Timeout }), true)).toBe('declined');
  });

  test('a repaid loan shows the review card', () => {
    expect(CLOSED_VIEW_STATUSES).toEqual([LoanStatus.Returned]);
    expect(loanViewKind(loan({ status: LoanStatus.Returned }), true)).toBe('closed');
  });

  test('sold and presale loans show the cession; a presale payment waiting for the bank shows the processing view', () => {
    expect(SOLD_STATUSES).toEqual([LoanStatus.Sold, LoanStatus.Presale]);
    expect(loanViewKind(loan({ status: LoanStatus.Sold }), true)).toBe('sold');
    expect(loanViewKind(loan({ status: LoanStatus.Presale }), false)).toBe('sold');
    expect(loanViewKind(loan({ status: LoanStatus.Presale, has_pending_payment: true }), true)).toBe('processing');
    expect(loanViewKind(loan({ status: LoanStatus.Presale, has_pending_payment: true }), false)).toBe('sold');
  });

  test('a payment waiting for the bank shows the processing view only with the flag on', () => {
    expect(loanViewKind(loan({ has_pending_payment: true }), true)).toBe('processing');
    expect(loanViewKind(loan({ has_pending_payment: true }), false)).toBe('service');
    expect(loanViewKind(loan({ has_pending_payment: false }), true)).toBe('service');
  });

  test('every status in service shows the loan; everything else still in origination is an application', () => {
    for (const status of [2, 20, 21, 23, 24, 29, 30, 31, 32, 38])
      expect(loanViewKind(loan({ status }), true)).toBe('service');
    for (const status of [0, 100, 1, 10, 15, 26, 33, 34, 35, 37])
      expect(loanViewKind(loan({ status }), false)).toBe('application');
  });
});

describe('the repayment and prolongation cards', () => {
  test('every status the API takes payments for shows the repayment card, presale included, sold not', () => {
    for (const status of [2, 20, 21, 23, 24, 28, 29, 30, 31, 32, 38]) expect(isRepayable(loan({ status }))).toBe(true);
    for (const status of [0, 1, 3, 4, 10, 15, 26, 27, 36]) expect(isRepayable(loan({ status }))).toBe(false);
  });

  test('no repayment while a payment waits for the bank', () => {
    expect(isRepayable(loan({ has_pending_payment: true }))).toBe(false);
  });

  test('the prolongation card for an extendable, repayable loan only', () => {
    expect(isExtendable(loan({ extendable: true }))).toBe(true);
    expect(isExtendable(loan({ extendable: false }))).toBe(false);
    expect(isExtendable(loan({}))).toBe(false);
    expect(isExtendable(loan({ extendable: true, has_pending_payment: true }))).toBe(false);
    expect(isExtendable(loan({ extendable: true, status: LoanStatus.Sold }))).toBe(false);
  });
});

describe('the help banner, the status bar and the extension selector', () => {
  test('the help banner shows when 3 or fewer days remain, or when late', () => {
    expect(HELP_BANNER_DAYS).toBe(3);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 4, late: 0 } }))).toBe(false);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 3, late: 0 } }))).toBe(true);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 0, late: 0 } }))).toBe(true);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 20, late: 1 } }))).toBe(true);
    expect(showsHelpBanner(loan({ days: { total: 30 } }))).toBe(false);
  });

  test('the bar fills with the days gone and is full when late or without a term', () => {
    expect(termProgress({ total: 30, left: 30, late: 0 })).toBe(0);
    expect(termProgress({ total: 30, left: 15, late: 0 })).toBe(50);
    expect(termProgress({ total: 30, left: 10 })).toBe(67);
    expect(termProgress({ total: 30, left: 0, late: 0 })).toBe(100);
    expect(termProgress({ total: 30, left: 5, late: 1 })).toBe(100);
    expect(termProgress({ total: 0, left: 0, late: 0 })).toBe(100);
    // Days left outside the term are held to it.
    expect(termProgress({ total: 30, left: 45, late: 0 })).toBe(0);
    expect(termProgress({ total: 30, left: -3, late: 0 })).toBe(100);
    // Without days left, none are gone yet.
    expect(termProgress({ total: 30 })).toBe(0);
  });

  test('an extension selector is a list under 7 options, a slider from 7', () => {
    expect(EXTENSION_SELECT_MAX_OPTIONS).toBe(7);
    expect(extensionControl([7, 14, 21, 30, 45, 60])).toBe('select');
    expect(extensionControl([1, 2, 3, 4, 5, 6, 7])).toBe('slider');
    expect(extensionControl([])).toBe('select');
  });
});

describe('the payout and the auto-debit step on the account (rule 13, flow: sign, auto-debit, money on the way)', () => {
  test('the payout is due once signed and past the auto-debit step', () => {
    expect(payoutDue(signed({ auto_debit_step_completed: true }))).toBe(true);
    expect(payoutDue(signed())).toBe(false);
    expect(payoutDue(loan({ status: LoanStatus.Processing, auto_debit_step_completed: true }))).toBe(false);
  });

  test('a card on file that can carry auto-debit completes the step on the account', () => {
    expect(autoDebitStepDoneByCard(signed(), { payment_cards: [validCard] })).toBe(true);
    expect(autoDebitStepDoneByCard(signed(), { payment_cards: [expiredCard, validCard] })).toBe(true);
    // One that expires too soon cannot: the API would refuse it (the rules send the customer to the step instead).
    expect(autoDebitStepDoneByCard(signed(), { payment_cards: [expiredCard] })).toBe(false);
    expect(autoDebitStepDoneByCard(signed(), { payment_cards: [], payment_card_request_status: 'Completed' })).toBe(
      false,
    );
    expect(autoDebitStepDoneByCard(signed(), null)).toBe(false);
    // Only while the step is open on a signed loan.
    expect(autoDebitStepDoneByCard(signed({ auto_debit_step_completed: true }), { payment_cards: [validCard] })).toBe(
      false,
    );
    expect(
      autoDebitStepDoneByCard(loan({ status: LoanStatus.AwaitingSignContract }), { payment_cards: [validCard] }),
    ).toBe(false);
  });

  test('the payout is ordered when due or when the card completes the step', () => {
    expect(payoutToOrder(signed({ auto_debit_step_completed: true }), null)).toBe(true);
    expect(payoutToOrder(signed(), { payment_cards: [validCard] })).toBe(true);
    expect(payoutToOrder(signed(), { payment_cards: [] })).toBe(false);
  });

  test('the loan progress: money on the way, a bounced payout, or nothing', () => {
    expect(loanProgressKind(null, null)).toBeNull();
    expect(loanProgressKind(signed({ auto_debit_step_completed: true }), null)).toBe('moneyOnTheWay');
    expect(loanProgressKind(signed(), { payment_cards: [validCard] })).toBe('moneyOnTheWay');
    expect(loanProgressKind(loan({ status: LoanStatus.Processing }), null)).toBe('moneyOnTheWay');
    expect(loanProgressKind(loan({ status: LoanStatus.ProcessingFail }), null)).toBe('payoutFailed');
    expect(loanProgressKind(signed(), null)).toBeNull();
    expect(loanProgressKind(loan(), null)).toBeNull();
  });
});
