import { MAX_RATE, singlePaymentApr, solveApr, toAprPercent } from './apr';

/** P cents lent on day 0 and P (1 + rate) repaid after one year: the equation's root is the rate itself. */
const yearLoanAt = (rate: number) => solveApr([{ day: 0, amount: 10000 }], [{ day: 365, amount: 10000 * (1 + rate) }]);

describe('TAE (Directive 2008/48/EC Annex I)', () => {
  test('one drawdown repaid once: ((P+F)/P)^(365/d) - 1', () => {
    // 300 € for 30 days with 90 € of commission: 1.3^(365/30) - 1 = 23.3394… = 2,333.9 %
    expect(singlePaymentApr(30000, 9000, 30)).toBe(2333.9);
    expect(singlePaymentApr(10000, 1000, 365)).toBe(10);
  });

  test('a free loan has 0', () => {
    expect(singlePaymentApr(30000, 0, 30)).toBe(0);
  });

  test('a commission below zero (a discount above the fee) never gives a negative TAE', () => {
    expect(singlePaymentApr(30000, -100, 30)).toBe(0);
  });

  test('the solver gives exactly 0 when no more than the principal is repaid', () => {
    expect(solveApr([{ day: 0, amount: 30000 }], [{ day: 30, amount: 30000 }])).toBe(0);
    expect(solveApr([{ day: 0, amount: 30000 }], [{ day: 30, amount: 29000 }])).toBe(0);
  });

  test('a rate beyond any real loan is refused rather than looped on', () => {
    expect(() => solveApr([{ day: 0, amount: 1 }], [{ day: 1, amount: 1e15 }])).toThrow('APR out of range');
  });

  test('a rate that balances both sides exactly is found exactly: 100 € repaid as 400 € after a year is 300 %', () => {
    expect(yearLoanAt(3)).toBe(3);
  });

  test('the solver widens its search up to its ceiling (about 10^14 %) and refuses a loan beyond it', () => {
    expect(yearLoanAt(0.75 * MAX_RATE) / (0.75 * MAX_RATE)).toBeCloseTo(1, 12);
    expect(yearLoanAt(MAX_RATE) / MAX_RATE).toBeCloseTo(1, 12);
    expect(() => yearLoanAt(1.5 * MAX_RATE)).toThrow('APR out of range');
  });

  test('a tiny surplus gives a tiny rate, found to the last digits', () => {
    expect(yearLoanAt(1e-6)).toBeCloseTo(1e-6, 15);
    expect(yearLoanAt(0.1)).toBeCloseTo(0.1, 15);
  });

  test('the general solver agrees with the closed form for one payment', () => {
    for (const [p, f, d] of [
      [5000, 550, 5],
      [30000, 9000, 30],
      [100000, 30000, 30],
      [20000, 1, 17],
    ] as const) {
      const general = toAprPercent(solveApr([{ day: 0, amount: p }], [{ day: d, amount: p + f }]));
      expect(general).toBe(singlePaymentApr(p, f, d));
    }
  });

  test('several payments: 1,000 € repaid as 12 monthly payments of 88.85 € is about 12.7 % (textbook case)', () => {
    const repayments = Array.from({ length: 12 }, (_, i) => ({ day: Math.round(((i + 1) * 365) / 12), amount: 8885 }));
    expect(toAprPercent(solveApr([{ day: 0, amount: 100000 }], repayments))).toBe(12.7);
  });

  test('rounds half up to one decimal', () => {
    expect(toAprPercent(0.12345)).toBe(12.3);
    expect(toAprPercent(0.12355)).toBe(12.4);
    expect(toAprPercent(0.1235)).toBe(12.4);
  });
});
