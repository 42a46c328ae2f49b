import Type, { type Static } from 'typebox';
import { DecisionReviewView } from './customer-rights';

const strict = { additionalProperties: false } as const;

/** PUT /v2/user/issue_method. */
export const IssueMethodRequest = Type.Object(
  {
    method_of_disbursement: Type.Union([Type.Literal(1), Type.Literal(9)], { 'x-message': 'incorrectData' }),
    iban: Type.Optional(Type.String({ maxLength: 64, 'x-message': 'incorrectNumberIban' })),
  },
  strict,
);
export type IssueMethodRequest = Static<typeof IssueMethodRequest>;

export const BankAccountsResponse = Type.Array(Type.String());

export const SignRequest = Type.Object({ code: Type.String({ maxLength: 8, 'x-message': 'codeIncorrect' }) }, strict);
export const SignCodeSent = Type.Object({ resend_in: Type.Integer() });

export const AutodebitRequest = Type.Object(
  { autodebit_enabled: Type.Boolean({ 'x-message': 'incorrectData' }) },
  strict,
);

export const IssuanceResponse = Type.Object({ status: Type.Integer(), reference: Type.String() });

export const DecisionResponse = Type.Object({
  outcome: Type.String(),
  automated: Type.Boolean(),
  reasons: Type.Array(Type.Object({ code: Type.String(), text: Type.String() })),
  decided_at: Type.String(),
  requested_amount: Type.Integer(),
  offered_amount: Type.Union([Type.Integer(), Type.Null()]),
  review_requested_at: Type.Union([Type.String(), Type.Null()]),
  /** The customer's request for a person's review and its answer, once asked for. */
  review: Type.Union([DecisionReviewView, Type.Null()]),
});
export type DecisionResponse = Static<typeof DecisionResponse>;

export const ReviewRequest = Type.Object({ comment: Type.Optional(Type.String({ maxLength: 2000 })) }, strict);

export const AgreementFileParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
export const AgreementFileQuery = Type.Object({
  expires: Type.Integer({ 'x-message': 'agreementLinkExpired' }),
  signature: Type.String({ maxLength: 100, 'x-message': 'agreementLinkExpired' }),
});

export const Ok = Type.Object({});

/** POST /v2/loan/bank_token: unnax's token pair, or kontomatik's signed session. */
export const BankTokenRequest = Type.Union(
  [
    Type.Object(
      {
        token1: Type.String({ minLength: 1, maxLength: 500 }),
        token2: Type.Optional(Type.String({ maxLength: 500 })),
        bank_name: Type.Optional(Type.String({ maxLength: 200 })),
        type: Type.Optional(Type.String({ maxLength: 50 })),
      },
      strict,
    ),
    Type.Object(
      {
        sessionId: Type.String({ minLength: 1, maxLength: 500 }),
        sessionIdSignature: Type.String({ minLength: 1, maxLength: 500 }),
        bankId: Type.Optional(Type.String({ maxLength: 200 })),
        bankName: Type.Optional(Type.String({ maxLength: 200 })),
      },
      strict,
    ),
  ],
  { 'x-message': 'incorrectData' },
);

/** POST /v2/aggregation/unnax/widget/{status}: how the provider's widget ended, with its code if any. */
export const WidgetStatusParams = Type.Object({
  status: Type.Enum(['success', 'error', 'cancel'] as const, { 'x-message': 'incorrectData' }),
});
export const WidgetStatusRequest = Type.Object({ code: Type.Optional(Type.String({ maxLength: 100 })) }, strict);
/** The aggregation fallback request: the status and code the provider's page returned with. */
export const AggregationFallbackRequest = Type.Object(
  {
    status: Type.Enum(['success', 'error', 'cancel'] as const, { 'x-message': 'incorrectData' }),
    code: Type.Optional(Type.String({ maxLength: 100 })),
  },
  strict,
);
export const WidgetOutcome = Type.Object({
  status: Type.String(),
  message: Type.Union([Type.String(), Type.Null()]),
});
