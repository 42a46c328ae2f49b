import Type, { type Static } from 'typebox';

/** Every error answer is `{ errors: [{ message, property }] }` with an HTTP 4xx. */
export const ErrorEntry = Type.Object({
  message: Type.String(),
  property: Type.Optional(Type.String()),
});
export const ErrorBody = Type.Object({ errors: Type.Array(ErrorEntry, { minItems: 1 }) });

export type ErrorEntry = Static<typeof ErrorEntry>;
export type ErrorBody = Static<typeof ErrorBody>;

export { REQUEST_PROPERTY, SUPPORT_PHONE } from './constants';
