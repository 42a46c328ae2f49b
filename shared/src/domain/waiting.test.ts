import { LoanStatus } from './loan-status';
import { formatClock, secondsLeft, waitingSeconds, waitingTopic } from './waiting';

describe('the waiting screens', () => {
  test('count down 60 s while the loan is a Request, otherwise 180 s', () => {
    expect(waitingSeconds(LoanStatus.Request)).toBe(60);
    expect(waitingSeconds(LoanStatus.New)).toBe(180);
    expect(waitingSeconds(LoanStatus.AwaitingVerification)).toBe(180);
  });

  test('Request or New tell that the application is complete; AwaitingVerification, manual verification', () => {
    expect(waitingTopic(LoanStatus.Request)).toBe('applicationComplete');
    expect(waitingTopic(LoanStatus.New)).toBe('applicationComplete');
    expect(waitingTopic(LoanStatus.AwaitingVerification)).toBe('manualVerification');
    expect(waitingTopic(LoanStatus.AwaitingBankDataImport)).toBe('bankImport');
  });

  test('the time left never goes below zero and survives a clock that starts later', () => {
    expect(secondsLeft(60, 1_000, 1_000)).toBe(60);
    expect(secondsLeft(60, 1_000, 31_999)).toBe(30);
    expect(secondsLeft(60, 1_000, 999_000)).toBe(0);
    expect(secondsLeft(60, 5_000, 1_000)).toBe(60);
    expect(formatClock(180)).toBe('03:00');
    expect(formatClock(9)).toBe('00:09');
  });
});
