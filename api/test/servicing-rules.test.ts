import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { recipes } from '../src/domain/ledger.js';
import type { PricingRules } from '../src/domain/price.js';
import {
  cappedLateInterest,
  extendedDueDate,
  extensionCost,
  extensionPromoPercent,
  lateInterestOfDay,
  paymentAmountProblem,
  withdrawalAmount,
} from '../src/domain/servicing-rules.js';

const rules: PricingRules = {
  minAmount: 5_000,
  maxAmount: 100_000,
  amountStep: 1_000,
  minTerm: 5,
  maxTerm: 30,
  termStep: 1,
  freeFirstLoanMaxAmount: 30_000,
  bands: [
    { maxTerm: 15, dailyBasisPoints: 110 },
    { maxTerm: 30, dailyBasisPoints: 100 },
  ],
};

const sum = (postings: { amount: number }[]) => postings.reduce((t, p) => t + p.amount, 0);

describe('servicing rules', () => {
  test('a payment is from 0.10 EUR to today’s total, on 10-cent steps; the total itself is always allowed', () => {
    assert.equal(paymentAmountProblem(0, 5_000), 'notPositive');
    assert.equal(paymentAmountProblem(-10, 5_000), 'notPositive');
    assert.equal(paymentAmountProblem(5, 5_000), 'notPositive');
    assert.equal(paymentAmountProblem(5_010, 5_000), 'aboveTotal');
    assert.equal(paymentAmountProblem(1_005, 5_000), 'offStep');
    assert.equal(paymentAmountProblem(10, 5_000), null);
    assert.equal(paymentAmountProblem(5_003, 5_003), null);
  });

  test('repayment goes to fines, then commission, then principal, then back to the customer', () => {
    const postings = recipes.repayment('1', 10_000, { fine: 500, commission: 2_000, principal: 7_000 });
    assert.equal(sum(postings), 0);
    const to = (code: string) => -(postings.find((p) => p.account === code)?.amount ?? 0);
    assert.deepEqual(
      [to('fines_receivable'), to('commission_receivable'), to('principal_receivable'), to('customer_overpayments')],
      [500, 2_000, 7_000, 500],
    );
    const small = recipes.repayment('1', 700, { fine: 500, commission: 2_000, principal: 7_000 });
    assert.deepEqual(
      small.map((p) => [p.account, p.amount]),
      [
        ['cash_at_bank', 700],
        ['fines_receivable', -500],
        ['commission_receivable', -200],
      ],
    );
  });

  test('an extension costs its band’s daily rate on the principal owed, less an extension promo', () => {
    assert.equal(extensionCost(rules, 40_000, 7), 3_080);
    assert.equal(extensionCost(rules, 40_000, 30), 12_000);
    assert.equal(extensionCost(rules, 40_000, 7, 50), 1_540);
  });

  test('a commission code is unusable for a prolongation, and any code on a free loan', () => {
    const commission = { percent_commission: 10, percent_extension: null, percent_extension_price: null };
    const extension = { percent_commission: null, percent_extension: null, percent_extension_price: 20 };
    assert.equal(extensionPromoPercent(commission, false), null);
    assert.equal(extensionPromoPercent(extension, false), 20);
    assert.equal(extensionPromoPercent(extension, true), null);
  });

  test('an extension counts from the due date, or from today when already late', () => {
    const due = new Date(2026, 0, 10);
    assert.equal(extendedDueDate(due, new Date(2026, 0, 5), 7).getDate(), 17);
    assert.equal(extendedDueDate(due, new Date(2026, 0, 12), 7).getDate(), 19);
  });

  test('late interest is the product’s daily rate on the principal, and fines never exceed the principal', () => {
    assert.equal(lateInterestOfDay(40_000, 10), 40);
    assert.equal(lateInterestOfDay(0, 10), 0);
    assert.equal(cappedLateInterest(40, 39_980, 40_000), 20);
    assert.equal(cappedLateInterest(40, 40_000, 40_000), 0);
  });

  test('withdrawal returns the principal plus the commission spread over the days elapsed', () => {
    assert.deepEqual(withdrawalAmount(40_000, 12_000, 30, 0), { principal: 40_000, interest: 0, amount: 40_000 });
    assert.deepEqual(withdrawalAmount(40_000, 12_000, 30, 10), { principal: 40_000, interest: 4_000, amount: 44_000 });
    assert.equal(withdrawalAmount(40_000, 12_000, 30, 99).interest, 12_000);
  });

  test('every servicing recipe balances', () => {
    assert.equal(sum(recipes.lateInterest('1', 40)), 0);
    assert.equal(sum(recipes.extensionPaid('1', 3_080)), 0);
    assert.equal(sum(recipes.commissionWaived('1', 8_000)), 0);
    assert.equal(sum(recipes.sold('1', { principal: 40_000, commission: 12_000, fine: 0 })), 0);
  });
});
