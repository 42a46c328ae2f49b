import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

/** A free debt-advice service the customer is pointed to (CCD2 Art. 36): its name, what it does, how to reach it. */
export const DebtAdviceService = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.String({ maxLength: 300 }),
    url: Type.String({ pattern: '^https://', maxLength: 300 }),
    phone: Type.Union([Type.String({ maxLength: 30 }), Type.Null()]),
  },
  strict,
);
export type DebtAdviceService = Static<typeof DebtAdviceService>;

/** The lender's complaints service: where a customer complains before going to the Banco de España. */
export const ComplaintsService = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    email: Type.String({ minLength: 3, maxLength: 120 }),
    address: Type.String({ maxLength: 300 }),
    url: Type.Union([Type.String({ pattern: '^https://', maxLength: 300 }), Type.Null()]),
  },
  strict,
);
export type ComplaintsService = Static<typeof ComplaintsService>;

const HHMM = { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' } as const;

/** Collection's contact window (Madrid) and limits, shown to staff before they log a call. */
export const ContactRulesSetting = Type.Object(
  {
    from: Type.String(HHMM),
    to: Type.String(HHMM),
    weekdays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
    maxPerDay: Type.Integer({ minimum: 1, maximum: 10 }),
    maxPerWeek: Type.Integer({ minimum: 1, maximum: 30 }),
  },
  strict,
);

/** The operators' settings of the customer's rights, one value per key (customer_rights_settings). */
export const CustomerRightsSettingValues = {
  review_answer_days: Type.Integer({ minimum: 1, maximum: 30 }),
  debt_advice: Type.Array(DebtAdviceService, { minItems: 1, maxItems: 6 }),
  complaints: ComplaintsService,
  contact_rules: ContactRulesSetting,
} as const;

/** GET /v2/customer-rights: what the screens show about refusals, debt advice and complaints. */
export const CustomerRightsResponse = Type.Object({
  review_answer_days: Type.Integer(),
  debt_advice: Type.Array(DebtAdviceService),
  complaints: ComplaintsService,
});
export type CustomerRightsResponse = Static<typeof CustomerRightsResponse>;

/** A customer's review of an automated decision, as they read it. */
export const DecisionReviewView = Type.Object({
  requested_at: Type.String(),
  /** yyyy-MM-dd (Madrid). */
  due_on: Type.String(),
  answered_at: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.Literal('upheld'), Type.Literal('overturned'), Type.Null()]),
  answer: Type.Union([Type.String(), Type.Null()]),
});

/** GET /v2/loan/contacts: every collection contact, newest first. */
export const CollectionContact = Type.Object({
  at: Type.String(),
  channel: Type.Union([Type.Literal('sms'), Type.Literal('email'), Type.Literal('call')]),
});
export const CollectionContactsResponse = Type.Array(CollectionContact);
export type CollectionContact = Static<typeof CollectionContact>;
