import Type, { type Static } from 'typebox';

const strict = { additionalProperties: false } as const;

/** POST /v2/send-log-data (type, message, context). A `funnel` log's message is a funnel step. */
export const LogDataType = Type.Union([
  Type.Literal('funnel'),
  Type.Literal('error'),
  Type.Literal('warning'),
  Type.Literal('info'),
]);
export type LogDataType = Static<typeof LogDataType>;

const ContextValue = Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()]);

export const SendLogDataRequest = Type.Object(
  {
    type: LogDataType,
    message: Type.String({ minLength: 1, maxLength: 500 }),
    context: Type.Optional(
      Type.Record(Type.String({ maxLength: 60 }), ContextValue, { maxProperties: 30, additionalProperties: false }),
    ),
  },
  strict,
);
export type SendLogDataRequest = Static<typeof SendLogDataRequest>;
export const LogDataAccepted = Type.Object({ ok: Type.Literal(true) });
