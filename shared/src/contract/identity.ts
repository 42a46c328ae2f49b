import Type, { type Static } from 'typebox';
import { DocumentsList, LivenessView } from './documents';
import { LoanView } from './loans';

/** `x-message` names the catalogue message the API answers with when the field breaks its rule. */
const Phone = Type.String({ maxLength: 32, 'x-message': 'incorrectPhone' });
const Code = Type.String({ maxLength: 8, 'x-message': 'onlyNumbers' });
const strict = { additionalProperties: false } as const;

export const LoginRequest = Type.Object(
  {
    mobile_phone: Phone,
    agree_marketing: Type.Optional(Type.Boolean()),
    target_url: Type.Optional(Type.String({ maxLength: 2048 })),
    agent_session_id: Type.Optional(Type.String({ maxLength: 128 })),
    // Optional in the schema so a missing token gets the field's own error (captchaFailed), not a schema message.
    recaptcha_token: Type.Optional(Type.String({ maxLength: 4096 })),
    /** The `utm_source` from the page address, kept by the app; stored on the user it creates. */
    utm_source: Type.Optional(Type.String({ maxLength: 100 })),
  },
  strict,
);
export type LoginRequest = Static<typeof LoginRequest>;

export const CodeSent = Type.Object({
  resend_in: Type.Integer({ description: 'seconds until a new code may be asked' }),
});
export type CodeSent = Static<typeof CodeSent>;

export const LoginConfirmRequest = Type.Object({ mobile_phone: Phone, code: Code }, strict);
export const TokenResponse = Type.Object({ token: Type.String() });
export type TokenResponse = Static<typeof TokenResponse>;

export const ResendRequest = Type.Object(
  {
    mobile_phone: Type.Optional(Phone),
    channel: Type.Optional(Type.Union([Type.Literal('sms'), Type.Literal('whatsapp')])),
  },
  strict,
);
export type ResendRequest = Static<typeof ResendRequest>;

export const ChangePhoneRequest = Type.Object({ mobile_phone: Phone }, strict);
/** A phone change is confirmed with the new phone's code and the code sent to the phone the account has now. */
export const PhoneConfirmationRequest = Type.Object({ code: Code, current_phone_code: Code }, strict);
export const AdminLoginRequest = Type.Object(
  { api_key: Type.String({ maxLength: 1024 }), admin_username: Type.String({ maxLength: 100 }) },
  strict,
);
/** The pages the browser opens itself (a payment's checkout, Bizum's form, the card form): a one-time code each. */
export const LinkPage = Type.Union([
  Type.Literal('card_payment'),
  Type.Literal('bizum_payment'),
  Type.Literal('tokenize_card'),
]);
export type LinkPage = Static<typeof LinkPage>;
export const LinkCodeRequest = Type.Object({ page: LinkPage }, strict);
/** The one-time code a WordPress widget hands to the app (another origin). */
export const HandoffCode = Type.Object({ code: Type.String({ minLength: 1, maxLength: 128 }) }, strict);
export type HandoffCode = Static<typeof HandoffCode>;
/** `replace`: the browser has a session of another customer and the person chose to close it. */
export const HandoffExchange = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 128 }), replace: Type.Optional(Type.Boolean()) },
  strict,
);
export type HandoffExchange = Static<typeof HandoffExchange>;

export const AgentSessionParams = Type.Object({ sessionId: Type.String({ maxLength: 128 }) });

export const SessionKind = Type.Union([Type.Literal('customer'), Type.Literal('agent'), Type.Literal('admin')]);
export type SessionKind = Static<typeof SessionKind>;

/** 1 registration not finished, 2 has active loan, 3 registered without active loan. */
export const AuthorizationStatus = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

const AddressView = Type.Object({
  postal_code: Type.String(),
  region: Type.String(),
  city: Type.String(),
  street: Type.String(),
  house: Type.Union([Type.String(), Type.Null()]),
  block: Type.Union([Type.String(), Type.Null()]),
  apartment: Type.Union([Type.String(), Type.Null()]),
});

export const UserResponse = Type.Object({
  id: Type.String(),
  is_repeated: Type.Boolean(),
  /** The auto-debit step cannot be skipped for this customer. */
  is_hide_skip_auto_debit_button: Type.Optional(Type.Boolean()),
  /** Bizum is offered to this customer (a feature flag). */
  is_bizum_payment_provider_enabled: Type.Optional(Type.Boolean()),
  /** The loan view shows a payment being processed (a feature flag). */
  payment_procession_on_loan_view: Type.Optional(Type.Boolean()),
  /** The bank-data aggregation provider this customer's bank verification uses. */
  bank_verification_adapter: Type.Optional(Type.Union([Type.Literal('unnax'), Type.Literal('kontomatik')])),
  is_registered_by_agent: Type.Boolean(),
  is_blacklisted: Type.Boolean(),
  contacts: Type.Object({ mobile_phone: Type.String() }),
  phone_confirmation: Type.Object({ is_phone_confirmed: Type.Boolean() }),
  permissions: Type.Object({ is_blocked: Type.Boolean(), authorization_status: AuthorizationStatus }),
  personal_data: Type.Union([
    Type.Null(),
    Type.Object({
      first_name: Type.String(),
      first_surname: Type.String(),
      second_surname: Type.Union([Type.String(), Type.Null()]),
      personal_id: Type.String(),
      expiration_date: Type.String(),
      nationality: Type.String(),
      birthday: Type.String(),
      gender: Type.String(),
      email: Type.Union([Type.String(), Type.Null()]),
      /** The IBAN the customer gave last (without spaces), null before any. Optional for older clients' fixtures. */
      bank_account: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    }),
  ]),
  addresses: Type.Object({
    actual_address: Type.Union([Type.Null(), AddressView]),
    registration_address: Type.Union([Type.Null(), AddressView]),
  }),
  employment: Type.Union([
    Type.Null(),
    Type.Object({
      employment_type_id: Type.Integer(),
      education: Type.Union([Type.String(), Type.Null()]),
      has_current_loan: Type.Union([Type.Boolean(), Type.Null()]),
      business_activity_id: Type.Union([Type.Integer(), Type.Null()]),
      company_name: Type.Union([Type.String(), Type.Null()]),
      position: Type.Union([Type.String(), Type.Null()]),
      employment_date: Type.Union([Type.String(), Type.Null()]),
      income_amount: Type.Union([Type.Integer(), Type.Null()]),
      income_date: Type.Union([Type.String(), Type.Null()]),
    }),
  ]),
  contact_phones: Type.Array(
    Type.Object({
      contact_type: Type.Integer(),
      comment: Type.Union([Type.String(), Type.Null()]),
      number: Type.String(),
    }),
  ),
  loan: Type.Union([LoanView, Type.Null()]),
  loan_count: Type.Object({
    all: Type.Integer({ description: 'every application and loan' }),
    active: Type.Integer({ description: 'open ones (not returned, denied or timed out)' }),
  }),
  discounts: Type.Array(Type.Object({ target: Type.String(), percent: Type.Integer(), description: Type.String() })),
  /**
   * The saved cards (id, masked pan), default first, with their expiry: a card valid 3 months or
   * less cannot carry auto-debit (the browser's rule 13 and the API agree on it). Optional for older clients.
   */
  payment_cards: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        pan: Type.String(),
        expiry_month: Type.Optional(Type.Integer()),
        expiry_year: Type.Optional(Type.Integer()),
      }),
    ),
  ),
  /** The latest card request's status (Completed, New, Error...), null when none. */
  payment_card_request_status: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** Why our rules refused the latest card request (valid more than 3 months, personal), null otherwise. */
  payment_card_request_failure: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The documents handed in (skip_<type> for a skipped one). Optional for older clients' fixtures. */
  documents: Type.Optional(DocumentsList),
  /** The latest liveness check's status, and whether another try is allowed. */
  liveness: Type.Optional(LivenessView),
  session: Type.Object({ kind: SessionKind, actor: Type.Union([Type.String(), Type.Null()]) }),
});
export type UserResponse = Static<typeof UserResponse>;

export const AgentSessionResponse = Type.Object({
  token: Type.String(),
  agent: Type.Object({ name: Type.String() }),
});
export type AgentSessionResponse = Static<typeof AgentSessionResponse>;

export const AgentDataResponse = Type.Object({
  agent_name: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Union([Type.Integer(), Type.Null()]),
  term: Type.Union([Type.Integer(), Type.Null()]),
});
export type AgentDataResponse = Static<typeof AgentDataResponse>;

export const Empty = Type.Object({});
