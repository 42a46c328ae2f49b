import { amountInputOf, PAYMENT_PROBLEM_MESSAGES, PAYMENT_RULES, paymentAmountProblem } from './payment-amount';
import { EXTENSION_CONCEPT_WORD, paymentConcept, readPaymentConcept } from './payment-concept';

describe("a repayment is from 0.1 EUR to today's total, in steps of 0.1 EUR", () => {
  const total = 25_055;

  test('the rules are 10 cents at least, on a 10-cent step', () => {
    expect(PAYMENT_RULES).toEqual({ minimum: 10, step: 10 });
  });

  test('0.1 EUR and any amount on the step up to the total are accepted', () => {
    expect(paymentAmountProblem(10, total)).toBeNull();
    expect(paymentAmountProblem(15_000, total)).toBeNull();
    expect(paymentAmountProblem(25_050, total)).toBeNull();
  });

  test("today's total itself is accepted, though it is off the step", () => {
    expect(paymentAmountProblem(total, total)).toBeNull();
  });

  test('less than 0.1 EUR, nothing, a negative or a fractional amount is not a payment', () => {
    expect(paymentAmountProblem(9, total)).toBe('notPositive');
    expect(paymentAmountProblem(0, total)).toBe('notPositive');
    expect(paymentAmountProblem(-100, total)).toBe('notPositive');
    expect(paymentAmountProblem(100.5, total)).toBe('notPositive');
    expect(paymentAmountProblem(Number.NaN, total)).toBe('notPositive');
  });

  test("more than today's total is refused, by a cent too", () => {
    expect(paymentAmountProblem(total + 1, total)).toBe('aboveTotal');
    expect(paymentAmountProblem(total + 5, total)).toBe('aboveTotal');
  });

  test('an amount off the 10-cent step is refused unless it is the total', () => {
    expect(paymentAmountProblem(15_005, total)).toBe('offStep');
    expect(paymentAmountProblem(11, total)).toBe('offStep');
  });

  test('each problem has its message, the same the API answers on the amount field', () => {
    expect(PAYMENT_PROBLEM_MESSAGES).toEqual({
      notPositive: 'paymentAmountInvalid',
      aboveTotal: 'paymentAboveTotal',
      offStep: 'paymentOffStep',
    });
  });

  test('an amount is typed as euros with a decimal comma and two decimals', () => {
    expect(amountInputOf(10_000)).toBe('100,00');
    expect(amountInputOf(1_005)).toBe('10,05');
    expect(amountInputOf(10)).toBe('0,10');
  });
});

describe("a transfer's concept names the loan, and an extension's days", () => {
  test('a repayment or payoff is the loan reference alone', () => {
    expect(paymentConcept('CR100001', { payment_type: 'payoff' })).toBe('CR100001');
    expect(paymentConcept('CR100001', { payment_type: 'partial_repay' })).toBe('CR100001');
  });

  test('an extension adds PRORROGA and its days', () => {
    expect(EXTENSION_CONCEPT_WORD).toBe('PRORROGA');
    expect(paymentConcept('CR100001', { payment_type: 'prolongation', term: 7 })).toBe('CR100001 PRORROGA 7');
    // Without its days it cannot extend: the money repays.
    expect(paymentConcept('CR100001', { payment_type: 'prolongation' })).toBe('CR100001');
  });

  test('read back from a statement line, in any case and with words around it', () => {
    expect(readPaymentConcept('Pago cr100001 gracias')).toEqual({ loanReference: 'CR100001', term: null });
    expect(readPaymentConcept('CR100001 prorroga 14')).toEqual({ loanReference: 'CR100001', term: 14 });
    expect(readPaymentConcept('CR100001 PRORROGA14')).toEqual({ loanReference: 'CR100001', term: 14 });
    expect(readPaymentConcept(paymentConcept('CR7', { payment_type: 'prolongation', term: 30 }))).toEqual({
      loanReference: 'CR7',
      term: 30,
    });
  });

  test('the same loan named twice is one loan; two loans, or none, name no loan', () => {
    expect(readPaymentConcept('CR100001 / cr100001')).toEqual({ loanReference: 'CR100001', term: null });
    expect(readPaymentConcept('CR100001 CR100002')).toBeNull();
    expect(readPaymentConcept('transferencia')).toBeNull();
    expect(readPaymentConcept('XCR100001')).toBeNull();
  });

  test('PRORROGA without its days, or with too many digits, asks for no extension', () => {
    expect(readPaymentConcept('CR100001 PRORROGA')).toEqual({ loanReference: 'CR100001', term: null });
    expect(readPaymentConcept('CR100001 PRORROGA 1234')).toEqual({ loanReference: 'CR100001', term: null });
  });
});
