import { LoanStatus, type LoanView } from '@credimo/shared';
import {
  extensionControl,
  isExtendable,
  isLinkStale,
  isRepayable,
  loanViewKind,
  pageItems,
  showsHelpBanner,
  snapPayment,
  termProgress,
} from './rules';

const loan = (overrides: Partial<LoanView> = {}) =>
  ({ status: LoanStatus.Active, days: { total: 30, left: 10 }, has_pending_payment: false, ...overrides }) as LoanView;

describe('the loan view rules: what the account shows for the current loan', () => {
  test('no loan shows no loan view; a declined application says so (the calculator shows below both)', () => {
    expect(loanViewKind(null, true)).toBe('none');
    expect(loanViewKind(loan({ status: LoanStatus.Denied }), true)).toBe('declined');
    expect(loanViewKind(loan({ status: LoanStatus.Timeout }), true)).toBe('declined');
  });
  test('a returned loan shows the review card', () => {
    expect(loanViewKind(loan({ status: LoanStatus.Returned }), true)).toBe('closed');
  });
  test('sold and presale loans show the cession', () => {
    expect(loanViewKind(loan({ status: LoanStatus.Sold }), true)).toBe('sold');
    expect(loanViewKind(loan({ status: LoanStatus.Presale }), true)).toBe('sold');
  });
  test('a pending payment with the processing flag shows the processing screen; without the flag, the loan', () => {
    expect(loanViewKind(loan({ has_pending_payment: true }), true)).toBe('processing');
    expect(loanViewKind(loan({ has_pending_payment: true }), false)).toBe('service');
  });
  test('every status in service shows the loan; applications in progress are the registration remote’s', () => {
    for (const status of [2, 20, 21, 23, 24, 29, 30, 31, 32, 38])
      expect(loanViewKind(loan({ status }), true)).toBe('service');
    for (const status of [1, 10, 15, 0, 26]) expect(loanViewKind(loan({ status }), true)).toBe('application');
  });
  test('repayable statuses show the repayment card; extendable loans the prolongation card; a pending payment neither', () => {
    expect(isRepayable(loan())).toBe(true);
    expect(isRepayable(loan({ status: LoanStatus.Overdue }))).toBe(true);
    expect(isRepayable(loan({ status: LoanStatus.Presale }))).toBe(true);
    expect(isRepayable(loan({ status: LoanStatus.Sold }))).toBe(false);
    expect(isRepayable(loan({ has_pending_payment: true }))).toBe(false);
    expect(isExtendable(loan({ extendable: true }))).toBe(true);
    expect(isExtendable(loan({ extendable: false }))).toBe(false);
    expect(isExtendable(loan({ extendable: true, has_pending_payment: true }))).toBe(false);
  });
});

describe('the help banner and status bar', () => {
  test('the help banner shows when 3 or fewer days remain, or when late', () => {
    expect(showsHelpBanner(loan({ days: { total: 30, left: 4 } }))).toBe(false);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 3 } }))).toBe(true);
    expect(showsHelpBanner(loan({ days: { total: 30, left: 0, late: 2 } }))).toBe(true);
  });
  test('the bar fills with the days gone, and is full when late', () => {
    expect(termProgress({ total: 30, left: 30 })).toBe(0);
    expect(termProgress({ total: 30, left: 15 })).toBe(50);
    expect(termProgress({ total: 30, left: 0, late: 1 })).toBe(100);
  });
});

describe('the repayment slider: 0.1 EUR to today’s total, step 0.1 EUR, snapping to the nearest', () => {
  const range = { min: 10, max: 52_345, step: 10 };
  test('amounts snap to the nearest step', () => {
    expect(snapPayment(1_234, range)).toBe(1_230);
    expect(snapPayment(1_236, range)).toBe(1_240);
  });
  test('nothing below 0.1 EUR and nothing above today’s total, which is allowed though off the step', () => {
    expect(snapPayment(0, range)).toBe(10);
    expect(snapPayment(-500, range)).toBe(10);
    expect(snapPayment(99_999, range)).toBe(52_345);
    expect(snapPayment(52_344, range)).toBe(52_345);
    expect(snapPayment(52_341, range)).toBe(52_340);
  });
});

describe('extension selector, history pages and agreement links', () => {
  test('a selector for fewer than 7 extension terms, else a slider', () => {
    expect(extensionControl([7, 14, 30])).toBe('select');
    expect(extensionControl([1, 2, 3, 4, 5, 6, 7])).toBe('slider');
  });
  test('pagination shows the first and last pages, the current one’s neighbours and ellipses', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap', 9, 10]);
  });
  test('a link within 5 s of its expiry is stale', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(isLinkStale(undefined, now)).toBe(false);
    expect(isLinkStale('2026-11-23T10:00:06Z', now)).toBe(false);
    expect(isLinkStale('2026-11-23T10:00:05Z', now)).toBe(true);
    expect(isLinkStale('2026-11-23T09:59:00Z', now)).toBe(true);
  });
});
