import Type, { type Static } from 'typebox';

/** `npm run ops` asks the running API to run one operator command (the API's command table lists them). */
export const OperatorCommandRequest = Type.Object(
  {
    command: Type.String({ minLength: 1, maxLength: 64 }),
    args: Type.Array(Type.String({ maxLength: 200 }), { maxItems: 16 }),
    operator: Type.String({ maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type OperatorCommandRequest = Static<typeof OperatorCommandRequest>;

export const OperatorCommandResponse = Type.Object({ lines: Type.Array(Type.String()) });
export type OperatorCommandResponse = Static<typeof OperatorCommandResponse>;

/** The header that carries the operator secret. */
export const OPERATOR_SECRET_HEADER = 'x-operator-secret';
