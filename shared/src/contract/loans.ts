import Type, { type Static } from 'typebox';
import { ServicingViewFields } from './servicing';

const strict = { additionalProperties: false } as const;

/** The loan create payload. Money in cents; the attempt reference makes a retried submit harmless. */
export const CreateLoanRequest = Type.Object(
  {
    loan_period: Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'incorrectData' }),
    loan_sum: Type.Integer({ minimum: 1, description: 'integer cents', 'x-message': 'incorrectData' }),
    promocode: Type.Optional(Type.String({ maxLength: 32, 'x-message': 'promoCodeNotFound' })),
    target_url: Type.Optional(Type.String({ maxLength: 2048 })),
    attempt_reference: Type.String({ minLength: 8, maxLength: 100, 'x-message': 'incorrectData' }),
    method_of_disbursement: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(9)])),
    iban: Type.Optional(Type.String({ maxLength: 34, 'x-message': 'incorrectNumberIban' })),
  },
  strict,
);
export type CreateLoanRequest = Static<typeof CreateLoanRequest>;

/**
 * The create payload's other naming: POST /v2/loan takes either naming (sum and terms as
 * loan_sum, in cents, and loan_period, in days); the API turns it into CreateLoanRequest before anything else.
 */
export const CreateLoanPayload = Type.Object(
  {
    ...CreateLoanRequest.properties,
    loan_period: Type.Optional(CreateLoanRequest.properties.loan_period),
    loan_sum: Type.Optional(CreateLoanRequest.properties.loan_sum),
    terms: Type.Optional(CreateLoanRequest.properties.loan_period),
    sum: Type.Optional(CreateLoanRequest.properties.loan_sum),
  },
  strict,
);
export type CreateLoanPayload = Static<typeof CreateLoanPayload>;

/** The loan: the fields known from the application on; decision, payout and repayment add the rest. */
export const LoanView = Type.Object({
  id: Type.String(),
  public_id: Type.String(),
  status: Type.Integer(),
  status_type: Type.Union([Type.Literal('warning'), Type.Literal('error'), Type.Literal('info')]),
  status_text: Type.String(),
  request_date: Type.String({ description: 'ISO 8601 instant' }),
  request_amount: Type.Integer({ description: 'integer cents' }),
  original_request_amount: Type.Integer({ description: 'integer cents' }),
  return_amount: Type.Integer({ description: 'integer cents' }),
  commission: Type.Integer({ description: 'integer cents' }),
  tae: Type.Number(),
  is_free: Type.Boolean(),
  promocode: Type.Union([Type.String(), Type.Null()]),
  predicted_must_pay_date: Type.String({ description: 'yyyy-MM-dd, if the money left today' }),
  days: Type.Object({
    total: Type.Integer(),
    left: Type.Optional(Type.Integer()),
    late: Type.Optional(Type.Integer()),
  }),
  required_files: Type.Array(Type.String()),
  auto_debit_step_completed: Type.Boolean(),
  agreements: Type.Array(
    Type.Object({
      link: Type.String(),
      type: Type.String(),
      name: Type.String(),
      expires_at: Type.Optional(Type.String({ description: 'ISO 8601 instant the link stops working' })),
    }),
  ),
  approve_date: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  give_date: Type.Optional(Type.Union([Type.String({ description: 'yyyy-MM-dd' }), Type.Null()])),
  must_pay_date: Type.Optional(Type.Union([Type.String({ description: 'yyyy-MM-dd' }), Type.Null()])),
  returned_date: Type.Optional(
    Type.Union([Type.String({ description: 'yyyy-MM-dd, the day the loan was repaid in full' }), Type.Null()]),
  ),
  withdrawal_until: Type.Optional(
    Type.Union([Type.String({ description: 'yyyy-MM-dd, last day of the 14-day right' }), Type.Null()]),
  ),
  new_conditions_approved: Type.Optional(Type.Boolean()),
  calculations: Type.Optional(
    Type.Object({
      today: Type.Object({
        body: Type.Integer({ description: 'integer cents' }),
        annual_commission: Type.Integer({ description: 'integer cents' }),
        fine: Type.Integer({ description: 'integer cents' }),
        all_fines: Type.Integer({ description: 'integer cents' }),
        amount: Type.Integer({ description: 'integer cents' }),
      }),
    }),
  ),
  ...ServicingViewFields,
  payments: Type.Optional(
    Type.Array(
      Type.Object({
        /** The Madrid day it was paid (yyyy-MM-dd). */
        date: Type.String(),
        method: Type.String({ description: 'card, bizum, transfer, cash' }),
        payment_type: Type.String({ description: 'payoff, partial_repay, prolongation (an extension cost)' }),
        amount: Type.Integer({ description: 'integer cents' }),
      }),
      { description: 'GET /v2/loans: what was paid on the loan, oldest first (a receipt per payment)' },
    ),
  ),
});
export type LoanView = Static<typeof LoanView>;

export const CurrentLoanResponse = Type.Union([LoanView, Type.Null()]);
export const LoansResponse = Type.Array(LoanView);
