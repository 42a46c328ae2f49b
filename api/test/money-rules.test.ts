import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { LoanStatus as S } from '@credimo/shared/domain';
import {
  checkBalanced,
  GlobalAccount,
  LoanAccount,
  type Posting,
  recipes,
  todayFromBalances,
  UnbalancedEntryError,
} from '../src/domain/ledger-rules.js';
import type { PricingRules } from '../src/domain/price.js';
import {
  BECOMES_OVERDUE,
  COLLECTION_STEPS,
  defaultExtensionTerm,
  EXTENDABLE_STATUSES,
  extensionTerms,
  lateInterestOfDay,
  REPAYABLE_STATUSES,
  withdrawalAmount,
} from '../src/domain/servicing-rules.js';
import { ALLOWED_TRANSITIONS, canTransition } from '../src/domain/transition-table.js';

/** The money room's pure rules (run by `npm run test:mutation:api`, so each assertion is meant to kill a mutant). */

const entries = (postings: Posting[]) => postings.map((p) => [p.account, p.loanId ?? null, p.amount]);

describe('a ledger transaction', () => {
  const cash = (amount: number): Posting => ({ account: GlobalAccount.cash, amount });
  const clearing = (amount: number): Posting => ({ account: GlobalAccount.payoutClearing, amount });

  test('balances when it has two postings or more of whole, non-zero cents summing to zero', () => {
    assert.doesNotThrow(() => checkBalanced([cash(500), clearing(-500)]));
    assert.doesNotThrow(() => checkBalanced([cash(500), clearing(-200), clearing(-300)]));
  });

  test('is refused with one posting or none', () => {
    assert.throws(() => checkBalanced([]), UnbalancedEntryError);
    assert.throws(() => checkBalanced([cash(0)]), /two postings or more/);
  });

  test('is refused when a posting is zero, a fraction of a cent or not a safe integer', () => {
    assert.throws(() => checkBalanced([cash(0), clearing(0)]), /not a non-zero whole number of cents/);
    assert.throws(() => checkBalanced([cash(0.5), clearing(-0.5)]), /not a non-zero whole number of cents/);
    assert.throws(() => checkBalanced([cash(2 ** 53), clearing(-(2 ** 53))]), /not a non-zero whole number of cents/);
  });

  test('is refused when its postings do not sum to zero, naming the sum', () => {
    assert.throws(() => checkBalanced([cash(500), clearing(-499)]), /postings sum to 1, not 0/);
    assert.throws(() => checkBalanced([cash(-500), clearing(499)]), /postings sum to -1, not 0/);
  });
});

describe('what a loan owes today (calculations.today)', () => {
  const balances = {
    [LoanAccount.principal]: { balance: 40_000, debited: 50_000 },
    [LoanAccount.commission]: { balance: 6_000, debited: 7_500 },
    [LoanAccount.fines]: { balance: 300, debited: 900 },
  };

  test('is the balances of the loan accounts; all_fines is every fine ever charged', () => {
    assert.deepEqual(todayFromBalances(balances), {
      body: 40_000,
      annual_commission: 6_000,
      fine: 300,
      all_fines: 900,
      amount: 46_300,
    });
  });

  test('adds an accrual computed today but not yet posted', () => {
    assert.deepEqual(todayFromBalances(balances, { commission: 100, fine: 20 }), {
      body: 40_000,
      annual_commission: 6_100,
      fine: 320,
      all_fines: 920,
      amount: 46_420,
    });
  });

  test('is zero for a loan with no postings', () => {
    assert.deepEqual(todayFromBalances({}), { body: 0, annual_commission: 0, fine: 0, all_fines: 0, amount: 0 });
  });
});

describe('origination postings', () => {
  test('a payout sent moves the principal from cash into clearing', () => {
    assert.deepEqual(entries(recipes.payoutSent('7', 50_000)), [
      [GlobalAccount.payoutClearing, null, 50_000],
      [GlobalAccount.cash, null, -50_000],
    ]);
  });

  test('a payout confirmed makes the customer owe the principal and the agreed commission', () => {
    assert.deepEqual(entries(recipes.payoutConfirmed('7', 50_000, 7_500)), [
      [LoanAccount.principal, '7', 50_000],
      [GlobalAccount.payoutClearing, null, -50_000],
      [LoanAccount.commission, '7', 7_500],
      [GlobalAccount.commissionIncome, null, -7_500],
    ]);
  });

  test('a free loan (no commission) posts no commission at all', () => {
    assert.deepEqual(entries(recipes.payoutConfirmed('7', 30_000, 0)), [
      [LoanAccount.principal, '7', 30_000],
      [GlobalAccount.payoutClearing, null, -30_000],
    ]);
  });

  test('a payout that bounced returns clearing to cash', () => {
    assert.deepEqual(entries(recipes.payoutFailed('7', 50_000)), [
      [GlobalAccount.cash, null, 50_000],
      [GlobalAccount.payoutClearing, null, -50_000],
    ]);
  });
});

describe('a repayment', () => {
  const owed = { fine: 1_000, commission: 7_500, principal: 50_000 };

  test('pays fines first', () => {
    assert.deepEqual(entries(recipes.repayment('7', 600, owed)), [
      [GlobalAccount.cash, null, 600],
      [LoanAccount.fines, '7', -600],
    ]);
  });

  test('then the commission', () => {
    assert.deepEqual(entries(recipes.repayment('7', 3_000, owed)), [
      [GlobalAccount.cash, null, 3_000],
      [LoanAccount.fines, '7', -1_000],
      [LoanAccount.commission, '7', -2_000],
    ]);
  });

  test('then the principal', () => {
    assert.deepEqual(entries(recipes.repayment('7', 10_000, owed)), [
      [GlobalAccount.cash, null, 10_000],
      [LoanAccount.fines, '7', -1_000],
      [LoanAccount.commission, '7', -7_500],
      [LoanAccount.principal, '7', -1_500],
    ]);
  });

  test('owes anything above the debt back to the customer', () => {
    assert.deepEqual(entries(recipes.repayment('7', 60_000, owed)), [
      [GlobalAccount.cash, null, 60_000],
      [LoanAccount.fines, '7', -1_000],
      [LoanAccount.commission, '7', -7_500],
      [LoanAccount.principal, '7', -50_000],
      [GlobalAccount.overpayments, null, -1_500],
    ]);
  });

  test('never credits an account that is already in credit', () => {
    assert.deepEqual(entries(recipes.repayment('7', 2_000, { fine: -100, commission: -1, principal: 1_500 })), [
      [GlobalAccount.cash, null, 2_000],
      [LoanAccount.principal, '7', -1_500],
      [GlobalAccount.overpayments, null, -500],
    ]);
  });
});

describe('servicing postings', () => {
  test('an overdue day charges late interest as a fine earned', () => {
    assert.deepEqual(entries(recipes.lateInterest('7', 40)), [
      [LoanAccount.fines, '7', 40],
      [GlobalAccount.fineIncome, null, -40],
    ]);
  });

  test('an extension paid is cash in and commission income, the debt unchanged', () => {
    assert.deepEqual(entries(recipes.extensionPaid('7', 3_080)), [
      [GlobalAccount.cash, null, 3_080],
      [GlobalAccount.commissionIncome, null, -3_080],
    ]);
  });

  test('a waived commission leaves the loan and the income', () => {
    assert.deepEqual(entries(recipes.commissionWaived('7', 8_000)), [
      [GlobalAccount.commissionIncome, null, 8_000],
      [LoanAccount.commission, '7', -8_000],
    ]);
  });

  test('a sold loan hands every receivable to the buyer, skipping those at zero', () => {
    assert.deepEqual(entries(recipes.sold('7', { principal: 40_000, commission: 12_000, fine: 500 })), [
      [GlobalAccount.loansSold, null, 52_500],
      [LoanAccount.principal, '7', -40_000],
      [LoanAccount.commission, '7', -12_000],
      [LoanAccount.fines, '7', -500],
    ]);
    assert.deepEqual(entries(recipes.sold('7', { principal: 40_000, commission: 0, fine: 0 })), [
      [GlobalAccount.loansSold, null, 40_000],
      [LoanAccount.principal, '7', -40_000],
    ]);
  });
});

describe('the loan state machine table', () => {
  test('takes an application through decision, signature and payout to Active', () => {
    const path = [
      S.Request,
      S.AwaitingIssuanceMethod,
      S.AwaitingSignContract,
      S.ContractSigned,
      S.Processing,
      S.Active,
    ];
    path.slice(1).forEach((to, i) => {
      const from = path[i] as number;
      assert.ok(canTransition(from, to), `${from} -> ${to}`);
    });
  });

  test('lets a signed contract go only to Processing, and Processing only to Active or ProcessingFail', () => {
    assert.deepEqual(ALLOWED_TRANSITIONS[S.ContractSigned], [S.Processing]);
    assert.deepEqual(ALLOWED_TRANSITIONS[S.Processing], [S.Active, S.ProcessingFail]);
    assert.equal(canTransition(S.AwaitingSignContract, S.Active), false, 'no payout without a signature');
  });

  test('lets a loan in service be repaid, extended, fall overdue, be discounted or go to presale', () => {
    for (const from of [S.Active, S.Extended]) {
      assert.deepEqual(ALLOWED_TRANSITIONS[from], [S.Returned, S.Extended, S.Overdue, S.Discount, S.Presale]);
    }
    assert.ok(canTransition(S.Overdue, S.AwaitingCollector));
    assert.equal(canTransition(S.Active, S.AwaitingCollector), false, 'collection only after the due date');
  });

  test('walks collection one step at a time, each step able to end in repayment, presale or discount', () => {
    const chain = [S.AwaitingCollector, S.CollectorInProgress, S.PreCourt, S.Court, S.PostCourt, S.Execution];
    chain.forEach((step, i) => {
      const next = chain[i + 1];
      assert.deepEqual(ALLOWED_TRANSITIONS[step], [...(next ? [next] : []), S.Returned, S.Presale, S.Discount]);
    });
    // Presale is still ours: the customer may repay, and a full repayment closes it (the sale is called off).
    assert.deepEqual(ALLOWED_TRANSITIONS[S.Presale], [S.Sold, S.Overdue, S.Returned]);
    assert.ok(REPAYABLE_STATUSES.includes(S.Presale));
    assert.deepEqual(ALLOWED_TRANSITIONS[S.Discount], [S.Returned]);
  });

  test('lets a closed loan (Returned, Denied, Timeout, Sold) go nowhere', () => {
    for (const closed of [S.Returned, S.Denied, S.Timeout, S.Sold]) {
      assert.deepEqual(ALLOWED_TRANSITIONS[closed], []);
      assert.equal(canTransition(closed, S.Active), false);
    }
  });

  test('refuses a status it does not know', () => {
    assert.equal(canTransition(999, S.Active), false);
    assert.equal(canTransition(S.Active, 999), false);
  });
});

describe('which loans servicing touches', () => {
  test('a loan in service or in collection can be repaid; a sold one belongs to the buyer', () => {
    assert.deepEqual(
      [...REPAYABLE_STATUSES].sort((a, b) => a - b),
      [
        S.Active,
        S.Extended,
        S.Overdue,
        S.AwaitingCollector,
        S.CollectorInProgress,
        S.PreCourt,
        S.Court,
        S.PostCourt,
        S.Execution,
        S.Presale,
        S.Discount,
      ].sort((a, b) => a - b),
    );
    assert.equal(REPAYABLE_STATUSES.includes(S.Sold), false);
  });

  test('only Active, Extended and Overdue loans can be extended; only Active and Extended fall overdue', () => {
    assert.deepEqual(EXTENDABLE_STATUSES, [S.Active, S.Extended, S.Overdue]);
    assert.deepEqual(BECOMES_OVERDUE, [S.Active, S.Extended]);
  });

  test('operators name the six collection steps, from awaiting collector to execution', () => {
    assert.deepEqual(COLLECTION_STEPS, {
      'awaiting-collector': S.AwaitingCollector,
      'collector-in-progress': S.CollectorInProgress,
      'pre-court': S.PreCourt,
      court: S.Court,
      'post-court': S.PostCourt,
      execution: S.Execution,
    });
  });
});

describe('servicing arithmetic at its edges', () => {
  const rules: PricingRules = {
    minAmount: 5_000,
    maxAmount: 100_000,
    amountStep: 1_000,
    minTerm: 7,
    maxTerm: 28,
    termStep: 7,
    freeFirstLoanMaxAmount: 30_000,
    bands: [{ maxTerm: 30, dailyBasisPoints: 100 }],
  };

  test('an extension can be bought for any of the product’s terms', () => {
    assert.deepEqual(extensionTerms(rules), [7, 14, 21, 28]);
  });

  test('the default extension is the loan’s own term when offered, else the longest', () => {
    assert.equal(defaultExtensionTerm(rules, 14), 14);
    assert.equal(defaultExtensionTerm(rules, 30), 28);
  });

  test('a loan whose principal is repaid (or in credit) accrues no late interest', () => {
    assert.equal(lateInterestOfDay(-5_000, 10), 0);
  });

  test('a withdrawal on a loan without a term returns the principal only', () => {
    assert.deepEqual(withdrawalAmount(40_000, 12_000, 0, 3), { principal: 40_000, interest: 0, amount: 40_000 });
  });
});

describe('the origination rows of the state machine', () => {
  test('a new or waiting application can be decided, sent to verification or bank import, denied or time out', () => {
    const decided = [
      S.AwaitingVerification,
      S.AwaitingIssuanceMethod,
      S.AwaitingSignContract,
      S.AwaitingBankDataImport,
    ];
    assert.deepEqual(ALLOWED_TRANSITIONS[S.New], [...decided, S.Denied, S.Timeout]);
    assert.deepEqual(ALLOWED_TRANSITIONS[S.Request], [S.New, ...decided, S.Denied, S.Timeout]);
    assert.deepEqual(ALLOWED_TRANSITIONS[S.AwaitingVerification], [
      S.AwaitingIssuanceMethod,
      S.AwaitingSignContract,
      S.Denied,
      S.Timeout,
    ]);
  });

  test('bank data import and processing loop until the data is read, then go on to signing', () => {
    assert.deepEqual(ALLOWED_TRANSITIONS[S.AwaitingBankDataImport], [
      S.Request,
      S.AwaitingVerification,
      S.AwaitingSignContract,
      S.AwaitingBankProcessData,
      S.Denied,
      S.Timeout,
    ]);
    assert.deepEqual(ALLOWED_TRANSITIONS[S.AwaitingBankProcessData], [
      S.AwaitingBankDataImport,
      S.AwaitingSignContract,
      S.AwaitingIssuanceMethod,
      S.Denied,
      S.Timeout,
    ]);
  });

  test('a bounced payout is retried or denied', () => {
    assert.deepEqual(ALLOWED_TRANSITIONS[S.ProcessingFail], [S.Processing, S.Denied]);
  });
});
