import Type, { type Static } from 'typebox';

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  database: Type.Union([Type.Literal('pglite'), Type.Literal('postgresql')]),
  version: Type.String(),
});
export type HealthResponse = Static<typeof HealthResponse>;
