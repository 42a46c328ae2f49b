import {
  APPLICATION_IN_PROGRESS,
  AWAITING_PAGES,
  CLOSED_LOAN_STATUSES,
  isDeclinedLoanStatus,
  isOpenLoanStatus,
  LOAN_IN_SERVICE,
  LoanStatus,
} from './loan-status';
import { loanStatusView } from './loan-status-view';

describe('loan statuses', () => {
  test('application in progress: 1, 10, 15', () => {
    expect([...APPLICATION_IN_PROGRESS].sort((a, b) => a - b)).toEqual([1, 10, 15]);
  });

  test('loan in service: 2, 20, 21, 23, 24, 29, 30, 31, 32, 28, 38', () => {
    expect([...LOAN_IN_SERVICE].sort((a, b) => a - b)).toEqual([2, 20, 21, 23, 24, 28, 29, 30, 31, 32, 38]);
  });

  test('returned, denied and timed-out loans are closed: the customer may apply again', () => {
    expect([...CLOSED_LOAN_STATUSES].sort((a, b) => a - b)).toEqual([3, 4, 36]);
    for (const status of [3, 4, 36]) expect(isOpenLoanStatus(status)).toBe(false);
    for (const status of [0, 100, 1, 2, 21, 26, 33]) expect(isOpenLoanStatus(status)).toBe(true);
  });

  test('denied and timed-out applications are declined; a returned loan is not', () => {
    expect(isDeclinedLoanStatus(LoanStatus.Denied)).toBe(true);
    expect(isDeclinedLoanStatus(LoanStatus.Timeout)).toBe(true);
    expect(isDeclinedLoanStatus(LoanStatus.Returned)).toBe(false);
    expect(isDeclinedLoanStatus(LoanStatus.Request)).toBe(false);
  });

  test('each awaiting page waits on its own status', () => {
    expect(AWAITING_PAGES).toEqual([
      { status: 37, route: 'applicationAwaitingBankDataImporting' },
      { status: 100, route: 'applicationAwaitingNewLoan' },
      { status: 0, route: 'applicationAwaitingRequestLoan' },
      { status: 33, route: 'applicationAwaitingVerificationLoan' },
    ]);
  });

  test('status_type and status_text: an overdue payment is an error, a pending signature a warning', () => {
    expect(loanStatusView(LoanStatus.Overdue)).toEqual({ type: 'error', text: 'Pago vencido', display: 'active' });
    expect(loanStatusView(LoanStatus.AwaitingSignContract)).toEqual({
      type: 'warning',
      text: 'Pendiente de firma',
      display: 'active',
    });
    expect(loanStatusView(LoanStatus.Active)).toEqual({ type: 'info', text: 'Préstamo activo', display: 'active' });
  });

  test('display classes: denied loans close, sold and presale loans show as sold', () => {
    expect(loanStatusView(LoanStatus.Denied).display).toBe('close');
    expect(loanStatusView(LoanStatus.Sold).display).toBe('sold');
    expect(loanStatusView(LoanStatus.Presale).display).toBe('sold');
  });

  test('every loan status has its own Spanish text; an unknown one reads as in progress', () => {
    for (const status of Object.values(LoanStatus)) expect(loanStatusView(status).text).not.toBe('En curso');
    expect(loanStatusView(999)).toEqual({ type: 'info', text: 'En curso', display: 'active' });
  });
});
