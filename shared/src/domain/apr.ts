/**
 * The annual percentage rate (TAE) of Directive 2008/48/EC Annex I (Spain's Ley 16/2011, Annex I):
 * the rate X that makes drawdowns and repayments equal in present value,
 *   Σ C_k (1 + X)^(-t_k) = Σ D_l (1 + X)^(-s_l),
 * with times in years from the first drawdown (days / 365). Extensions and partial repayments are more
 * payments in the same equation.
 */
export interface CashFlow {
  /** Days after the first drawdown. */
  day: number;
  /** Integer cents. */
  amount: number;
}

const presentValue = (flows: CashFlow[], rate: number) =>
  flows.reduce((sum, f) => sum + f.amount * (1 + rate) ** (-f.day / 365), 0);

/** The highest rate the solver looks for (about 10^14 %): far beyond any loan, low enough to stay exact in floats. */
export const MAX_RATE = 2 ** 40;

/**
 * Solves the equation for X (as a fraction, 0.1 = 10 %), by bisection on a bracket that always holds one root,
 * until no float lies between the bracket's ends: the answer is the float where the balance turns.
 */
export function solveApr(drawdowns: CashFlow[], repayments: CashFlow[]): number {
  const balance = (rate: number) => presentValue(repayments, rate) - presentValue(drawdowns, rate);
  if (balance(0) <= 0) return 0;
  let low = 0;
  let high = 1;
  // Short loans reach rates of thousands of percent: widen until the sign changes.
  while (balance(high) > 0) {
    if (high >= MAX_RATE) throw new RangeError('APR out of range');
    high *= 2;
  }
  for (;;) {
    const mid = (low + high) / 2;
    if (mid === low || mid === high) return high;
    if (balance(mid) > 0) low = mid;
    else high = mid;
  }
}

/** Percent with one decimal, rounded half up. */
export function toAprPercent(rate: number): number {
  return Math.floor(rate * 1000 + 0.5 + 1e-9) / 10;
}

/** One drawdown P repaid as P + F after d days: ((P+F)/P)^(365/d) - 1, in percent; a free loan has 0. */
export function singlePaymentApr(principal: number, fee: number, days: number): number {
  return toAprPercent((Math.max(principal + fee, principal) / principal) ** (365 / days) - 1);
}
