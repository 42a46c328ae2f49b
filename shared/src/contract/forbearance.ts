import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;
const Cents = Type.Integer({ description: 'integer cents' });
const Day = Type.String({ description: 'yyyy-MM-dd, a Madrid date' });
const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const IdempotencyKey = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'one per request the customer means to make: the same key again answers the first result',
  'x-message': 'incorrectData',
});

const Refusal = Nullable(
  Type.Union([
    Type.Literal('notInService'),
    Type.Literal('alreadyChanged'),
    Type.Literal('tooLate'),
    Type.Literal('hasPlan'),
    Type.Literal('pendingPayment'),
    Type.Literal('notDueSoon'),
    Type.Literal('extensionsUsedUp'),
  ]),
);

export const DueDateChangeQuoteSchema = Type.Object({
  days: Type.Integer(),
  next_pay_date: Day,
  cost: Cents,
});

export const DueDateChangeSchema = Type.Object({
  days: Type.Integer(),
  cost: Cents,
  previous_pay_date: Day,
  next_pay_date: Day,
});
export type DueDateChange = Static<typeof DueDateChangeSchema>;

const Instalment = Type.Object({ number: Type.Integer(), date: Day, amount: Cents });

export const PlanQuoteSchema = Type.Object({
  instalments: Type.Array(Instalment),
  cost: Cents,
  pay_now: Cents,
  total: Cents,
  tae: Type.Number({ description: 'percent, one decimal' }),
});
export type PlanQuoteView = Static<typeof PlanQuoteSchema>;

export const InstalmentPlanSchema = Type.Object({
  status: Type.Union([Type.Literal('active'), Type.Literal('broken'), Type.Literal('completed')]),
  agreed_on: Day,
  cost: Cents,
  pay_now: Cents,
  total: Cents,
  tae: Type.Number(),
  paid: Cents,
  left: Cents,
  grace_days: Type.Integer(),
  broken_on: Nullable(Day),
  next: Nullable(Type.Object({ number: Type.Integer(), date: Day, amount: Cents, left: Cents })),
  instalments: Type.Array(
    Type.Object({
      number: Type.Integer(),
      date: Day,
      amount: Cents,
      paid: Cents,
      state: Type.Union([Type.Literal('paid'), Type.Literal('due'), Type.Literal('late'), Type.Literal('missed')]),
    }),
  ),
});
export type InstalmentPlanView = Static<typeof InstalmentPlanSchema>;

export const ExtensionGuardrailSchema = Type.Object({
  extensions: Type.Integer(),
  max_extensions: Type.Integer(),
  paid_in_extensions: Cents,
  borrowed: Cents,
  paid_so_far: Cents,
  allowed: Type.Boolean(),
});

export const ForbearanceResponse = Type.Object({
  today: Day,
  due_date: Day,
  owed: Cents,
  due_date_change: Type.Object({
    max_days: Type.Integer(),
    max_late_days: Type.Integer(),
    refusal: Refusal,
    options: Type.Array(DueDateChangeQuoteSchema),
    done: Nullable(DueDateChangeSchema),
  }),
  instalment_plan: Type.Object({
    counts: Type.Array(Type.Integer()),
    refusal: Refusal,
    options: Type.Array(PlanQuoteSchema),
    plan: Nullable(InstalmentPlanSchema),
  }),
  extensions: ExtensionGuardrailSchema,
});
export type ForbearanceResponse = Static<typeof ForbearanceResponse>;

export const DueDateChangeBody = Type.Object(
  {
    days: Type.Integer({ minimum: 1, maximum: 366, 'x-message': 'adjustValues' }),
    idempotency_key: IdempotencyKey,
  },
  strict,
);

export const InstalmentPlanBody = Type.Object(
  {
    instalments: Type.Integer({ minimum: 1, maximum: 24, 'x-message': 'adjustValues' }),
    idempotency_key: IdempotencyKey,
  },
  strict,
);
